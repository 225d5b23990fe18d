import type { MemberRef } from "@domain/admin.ts";
import { Avatar } from "@web/components/ui/Avatar.tsx";
import { EmailAddress } from "@web/components/ui/EmailAddress.tsx";
import { Link } from "react-router-dom";

/** The name the admin shows for a member: the profile's, or the e-mail address when there is none. */
export const memberName = (member: MemberRef) => member.name.trim() || member.email;

/** Photo, name (a link to the member's account) and e-mail (whole: it may wrap before the « @ »). */
export function MemberCell({ member }: { member: MemberRef }) {
  const name = memberName(member);
  return (
    // Room for a name and an address's domain beside the photo.
    <div className="flex min-w-56 items-center gap-3">
      <span aria-hidden="true" className="shrink-0">
        <Avatar src={member.photo?.thumbUrl} name={name} size="sm" />
      </span>
      <div className="min-w-0">
        <Link
          to={`/admin/users/${encodeURIComponent(member.userId)}`}
          className="font-semibold text-teal-800 underline-offset-2 hover:underline"
        >
          {name}
        </Link>
        <EmailAddress email={member.email} className="block text-ink-soft" />
      </div>
    </div>
  );
}
