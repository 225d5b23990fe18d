import { formatDate } from "@web/lib/format.ts";

/**
 * Issue 40: the other member shared this one's card with a relative or a friend (a date, or
 * « Présenter à ma famille »). Said plainly: only the public card, and a precaution Passerelle advises.
 */
export function CardSharedNotice({ firstName, at }: { firstName: string; at: string }) {
  return (
    <p className="border-b border-sand-200 bg-teal-50 px-3 py-2 text-sm text-teal-900">
      {`${firstName} a partagé votre profil avec un proche le ${formatDate(at)}. C’est une précaution que Passerelle conseille avant un rendez-vous : seule votre carte publique est visible.`}
    </p>
  );
}
