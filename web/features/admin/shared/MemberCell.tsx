import type { MemberRef } from "@domain/admin.ts";
import { Avatar } from "@web/components/ui/Avatar.tsx";
import { Link } from "react-router-dom";

/** Photo, name (a link to the member's account) and e-mail. */
export function MemberCell({ member }: { member: MemberRef }) {
  const name = member.name.trim() || member.email;
  return (
    <div className="flex min-w-48 items-center gap-3">
      <span aria-hidden="true">
        <Avatar src={member.photo?.thumbUrl} name={name} size="sm" />
      </span>
      <div className="min-w-0">
        <Link
          to={`/admin/users/${encodeURIComponent(member.userId)}`}
          className="font-semibold text-teal-800 underline-offset-2 hover:underline"
        >
          {name}
        </Link>
        <p className="truncate text-ink-soft">{member.email}</p>
      </div>
    </div>
  );
}
