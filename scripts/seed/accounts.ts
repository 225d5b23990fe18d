// The demo accounts created with the demo data; README lists these credentials.

import type { Relocate } from "@domain/profile.ts";
import { DEMO_ADMIN_EMAIL } from "../../server/platform/auth/demo-administrator.ts";
/** Password of the demo members and of every seeded member. */
export const DEMO_PASSWORD = "Passerelle2026!";
export const ADMIN_PASSWORD = "AdminPasserelle2026!";

export const DEMO_MEMBER = { email: "demo@passerelle.example", password: DEMO_PASSWORD } as const;
export const DEMO_MEMBER_2 = { email: "demo2@passerelle.example", password: DEMO_PASSWORD } as const;
export const DEMO_ADMIN = { email: DEMO_ADMIN_EMAIL, password: ADMIN_PASSWORD } as const;

/** Members seeded on an empty database, and the PRNG seed that draws them. */
export const DEMO_MEMBER_COUNT = 200;
export const DEMO_SEED = 2026;

export interface DemoAccount {
  email: string;
  name: string;
  role: "user" | "admin";
  /** Days since sign-up. */
  joinedDaysAgo: number;
  /** Days since the subscription started; null for a trial account. */
  subscribedDaysAgo: number | null;
  profile: {
    firstName: string;
    lastName: string;
    gender: "male" | "female";
    age: number;
    lookingFor: string;
    country: string;
    originCountry?: string;
    city?: string;
    relocate?: Relocate;
    phoneNumber: string;
    bio: string;
    occupation: string;
    education: string;
    languages: string[];
    interests: string[];
  } | null;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: DEMO_MEMBER.email,
    name: "Awa",
    role: "user",
    joinedDaysAgo: 20,
    subscribedDaysAgo: 10,
    profile: {
      firstName: "Awa",
      lastName: "Ndiaye",
      gender: "female",
      age: 31,
      lookingFor: "Une relation sérieuse",
      country: "Sénégal",
      city: "Dakar",
      relocate: "maybe",
      phoneNumber: "+221776543210",
      bio:
        "Je vis à Dakar où je suis architecte. J’aime la cuisine de ma grand-mère, la danse et les longues " +
        "promenades au bord de l’océan. Je cherche une relation sincère avec une personne curieuse des autres cultures.",
      occupation: "Architecte",
      education: "Diplôme d’architecte",
      languages: ["Français", "Wolof", "Anglais"],
      interests: ["Voyages", "Cuisine", "Danse", "Art", "Photographie"],
    },
  },
  {
    email: DEMO_MEMBER_2.email,
    name: "Julien",
    role: "user",
    joinedDaysAgo: 2,
    subscribedDaysAgo: null,
    profile: {
      firstName: "Julien",
      lastName: "Moreau",
      gender: "male",
      age: 34,
      lookingFor: "Une relation sérieuse",
      country: "France",
      city: "Lyon",
      relocate: "yes",
      phoneNumber: "+33645127839",
      bio:
        "Enseignant à Lyon, je passe mes vacances à voyager et à apprendre de nouvelles langues. J’aime la " +
        "musique, la randonnée et les repas qui durent. J’aimerais rencontrer une personne avec qui partager ma curiosité du monde.",
      occupation: "Enseignant",
      education: "Master MEEF",
      languages: ["Français", "Anglais", "Espagnol"],
      interests: ["Voyages", "Musique", "Randonnée", "Langues", "Cuisine"],
    },
  },
  {
    email: DEMO_ADMIN.email,
    name: "Administrateur",
    role: "admin",
    joinedDaysAgo: 30,
    subscribedDaysAgo: null,
    profile: null,
  },
];
