import type { PublicProfileDto } from "@domain/discovery.ts";
import { deName } from "@domain/french.ts";
import { relocateText } from "@domain/profile.ts";
import { cn } from "@web/components/ui/cn.ts";
import { useEconomyMode } from "@web/lib/economy-mode.ts";
import { BookOpen, Briefcase, Globe2, Heart, ImageDown, Languages, MapPin, Plane } from "lucide-react";
import { type ReactNode, useState } from "react";
import { CompatibilityBadge } from "./CompatibilityBadge.tsx";
import { MemberPhoto } from "./MemberPhoto.tsx";
import { displayName } from "./member-labels.ts";
import { PresenceBadge } from "./PresenceBadge.tsx";
import { placeholderUrl, smallPhotoUrl } from "./photo-sources.ts";
import { ProfileVerifiedBadge, SeenOnCallBadge, VerifiedBadge } from "./VerifiedBadge.tsx";
import { VoiceIntro } from "./VoiceIntro.tsx";

function Fact({ icon: Icon, label, children }: { icon: typeof MapPin; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2">
      <Icon className="mt-0.5 size-5 shrink-0 text-teal-700" aria-hidden="true" />
      <dt className="sr-only">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Chips({ label, items }: { label: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-ink-soft">{label}</h3>
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item} className="rounded-full bg-sand-100 px-3 py-1 text-sm text-ink">
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Everything public about a member: photo gallery, presentation and facts. */
export function ProfileDetails({ member }: { member: PublicProfileDto }) {
  const [shown, setShown] = useState(0);
  const { active: economy } = useEconomyMode();
  // The photos already shown large (economy mode loads the others' small copies only after that).
  const [seen, setSeen] = useState<ReadonlySet<number>>(() => new Set([0]));
  const name = displayName(member);
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3">
        <MemberPhoto member={member} index={shown} variant="full" className="rounded-xl" />
        {member.photos.length > 1 && (
          <ul className="flex gap-2" aria-label={`Photos ${deName(name)}`}>
            {member.photos.map((photo, i) => (
              <li key={photo.key}>
                <button
                  type="button"
                  onClick={() => {
                    setShown(i);
                    setSeen((before) => new Set(before).add(i));
                  }}
                  aria-pressed={i === shown}
                  aria-label={`Afficher la photo ${i + 1}`}
                  className={cn(
                    "block size-14 overflow-hidden rounded-lg border-2",
                    i === shown ? "border-teal-700" : "border-transparent opacity-80 hover:opacity-100",
                  )}
                >
                  {economy && !seen.has(i) ? (
                    // Economy mode: only the photo shown is downloaded; the others are their
                    // placeholder until the member taps one.
                    <span className="relative block size-full bg-sand-100">
                      {placeholderUrl(photo) && (
                        <img src={placeholderUrl(photo)} alt="" className="size-full object-cover blur-sm" />
                      )}
                      <ImageDown
                        className="absolute inset-0 m-auto size-5 text-white drop-shadow"
                        aria-hidden="true"
                      />
                    </span>
                  ) : (
                    <img src={smallPhotoUrl(photo)} alt="" className="size-full object-cover" />
                  )}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <p className="text-lg font-semibold text-teal-900">
          {name}, {member.age} ans
        </p>
        <PresenceBadge presence={member.presence} gender={member.gender} />
        <CompatibilityBadge score={member.compatibility} />
        {member.profileVerified && <ProfileVerifiedBadge />}
        {member.seenOnCall && <SeenOnCallBadge />}
        {member.verified && <VerifiedBadge />}
      </div>

      <dl className="grid gap-2 text-ink sm:grid-cols-2">
        {member.country && (
          <Fact icon={MapPin} label="Lieu de vie">
            {member.city ? `${member.city}, ${member.country}` : member.country}
          </Fact>
        )}
        {member.originCountry && member.originCountry !== member.country && (
          <Fact icon={Globe2} label="Origine">
            Origine : {member.originCountry}
          </Fact>
        )}
        {member.relocate && (
          <Fact icon={Plane} label="Déménagement">
            {relocateText(member.relocate, member.gender)}
          </Fact>
        )}
        <Fact icon={Heart} label="Recherche">
          {member.lookingFor}
        </Fact>
        {member.occupation && (
          <Fact icon={Briefcase} label="Profession">
            {member.occupation}
          </Fact>
        )}
        {member.education && (
          <Fact icon={BookOpen} label="Formation">
            {member.education}
          </Fact>
        )}
        {member.languages.length > 0 && (
          <Fact icon={Languages} label="Langues">
            {member.languages.join(", ")}
          </Fact>
        )}
      </dl>

      <VoiceIntro member={member} />
      {member.bio && (
        <div>
          <h3 className="mb-1 text-sm font-semibold text-ink-soft">Présentation</h3>
          <p className="whitespace-pre-line text-ink">{member.bio}</p>
        </div>
      )}
      <Chips label="Centres d’intérêt" items={member.interests} />
    </div>
  );
}
