// Where demo members come from: first and last names, cities, phone formats and the languages
// spoken there, for francophone Africa and Europe. Countries are spelled as in domain/countries.ts.

/** Broad population groups, used to draw fitting portraits (skin tones, hair) for demo members. */
export const REGIONS = ["subsaharan", "maghreb", "madagascar", "europe"] as const;
export type Region = (typeof REGIONS)[number];

export interface Origin {
  country: string;
  region: Region;
  /** Relative share of the seeded members. */
  weight: number;
  male: readonly string[];
  female: readonly string[];
  last: readonly string[];
  cities: readonly string[];
  /** International prefixes of mobile numbers, and how many digits follow. */
  phone: { prefixes: readonly string[]; digits: number };
  /** Languages besides French, from LANGUAGE_SUGGESTIONS: some of them are drawn for each member. */
  languages: readonly string[];
  /** The language nearly everyone there speaks (Wolof in Sénégal, Lingala in both Congos): always listed. */
  spoken?: string;
}

const w = (s: string) => s.split(" ");

export const ORIGINS: readonly Origin[] = [
  {
    country: "Sénégal",
    region: "subsaharan",
    weight: 10,
    male: w("Moussa Ibrahima Cheikh Mamadou Ousmane Abdoulaye Modou Babacar Pape Serigne"),
    female: w("Awa Fatou Aminata Aïssatou Mariama Ndèye Khady Coumba Astou Sokhna"),
    last: w("Ndiaye Diop Fall Sow Diallo Sarr Faye Gueye Mbaye Cissé Ba Seck"),
    cities: w("Dakar Thiès Saint-Louis Ziguinchor Mbour"),
    phone: { prefixes: w("+22177 +22178 +22176 +22170"), digits: 7 },
    languages: w("Peul Anglais"),
    spoken: "Wolof",
  },
  {
    country: "Gambie",
    region: "subsaharan",
    weight: 2,
    male: w("Lamin Ebrima Modou Omar Alieu Ousman Musa Pa"),
    female: w("Isatou Fatoumatta Mariama Awa Haddy Binta Ndey Kaddy"),
    last: w("Jallow Ceesay Jammeh Touray Bah Sanneh Njie Darboe"),
    cities: w("Banjul Serrekunda Brikama Bakau"),
    phone: { prefixes: w("+2207 +2203"), digits: 6 },
    languages: w("Anglais Peul"),
    spoken: "Wolof",
  },
  {
    country: "Mauritanie",
    region: "subsaharan",
    weight: 2,
    male: w("Mohamed Ahmed Sidi Cheikh Abdallahi Moussa Amadou Oumar"),
    female: w("Mariem Aïcha Fatimetou Khadijetou Coumba Aminetou Zeinabou Djeinaba"),
    last: w("Ould Ahmed Sy Kane Ba Diop Ndiaye Wane"),
    cities: w("Nouakchott Nouadhibou Rosso Kaédi"),
    phone: { prefixes: w("+2222 +2223 +2224"), digits: 7 },
    languages: w("Arabe Peul"),
    spoken: "Wolof",
  },
  {
    country: "Côte d’Ivoire",
    region: "subsaharan",
    weight: 9,
    male: w("Koffi Yao Kouamé Konan Didier Serge Arsène Wilfried Hervé Franck"),
    female: w("Adjoua Aya Affoué Ruth Christelle Nadège Josiane Grâce Estelle Prisca"),
    last: w("Kouassi Koné Traoré Yao Ouattara Bamba Koffi N’Guessan Kouadio Touré Coulibaly"),
    cities: ["Abidjan", "Bouaké", "Yamoussoukro", "San-Pédro", "Grand-Bassam"],
    phone: { prefixes: w("+22507 +22505 +22501"), digits: 8 },
    languages: w("Anglais Bambara Espagnol"),
  },
  {
    country: "Cameroun",
    region: "subsaharan",
    weight: 9,
    male: w("Jean-Paul Emmanuel Samuel Aristide Junior Landry Boris Steve Blaise Cédric"),
    female: w("Brenda Mireille Carine Laure Sandrine Vanessa Murielle Nadine Rosine Ornella"),
    last: w("Mbarga Nkoulou Essomba Fotso Tchoupo Ngono Kamga Ewane Abena Atangana Manga"),
    cities: w("Douala Yaoundé Bafoussam Garoua Kribi"),
    phone: { prefixes: w("+2376"), digits: 8 },
    languages: w("Anglais Peul"),
  },
  {
    country: "Mali",
    region: "subsaharan",
    weight: 6,
    male: w("Bakary Seydou Souleymane Adama Drissa Lassana Boubacar Modibo"),
    female: w("Kadiatou Oumou Rokia Fanta Hawa Mariam Salimata Djeneba"),
    last: w("Keïta Traoré Coulibaly Diarra Konaté Sangaré Sidibé Touré Maïga"),
    cities: w("Bamako Ségou Sikasso Kayes Mopti"),
    phone: { prefixes: w("+2237 +2236"), digits: 7 },
    languages: w("Bambara Peul Arabe"),
  },
  {
    country: "République démocratique du Congo",
    region: "subsaharan",
    weight: 8,
    male: w("Patrick Christian Fiston Héritier Glody Dieumerci Trésor Junior Cédrick Jonathan"),
    female: w("Grâce Merveille Divine Chancelle Ornella Naomie Gloria Rachel Sarah Nathalie"),
    last: w("Kalonji Mbuyi Ilunga Kasongo Tshibangu Mukendi Lukusa Nkulu Kalala Mwamba"),
    cities: w("Kinshasa Lubumbashi Goma Kisangani Bukavu"),
    phone: { prefixes: w("+24381 +24382 +24389 +24397"), digits: 7 },
    languages: w("Swahili Anglais"),
    spoken: "Lingala",
  },
  {
    country: "Congo",
    region: "subsaharan",
    weight: 3,
    male: w("Christ Merveil Prince Bienvenu Exaucé Arnaud Durel Gildas"),
    female: w("Grâce Merveille Chancelvie Exaucée Dorcas Prudence Christelle Ruth"),
    last: w("Mabiala Nkounkou Malonga Moukoko Samba Bouanga Loubaki Makosso"),
    cities: w("Brazzaville Pointe-Noire Dolisie Nkayi"),
    phone: { prefixes: w("+24206 +24205"), digits: 7 },
    languages: w("Anglais"),
    spoken: "Lingala",
  },
  {
    country: "Bénin",
    region: "subsaharan",
    weight: 5,
    male: w("Romuald Gildas Sènan Codjo Ulrich Fabrice Rodrigue Mathias"),
    female: w("Ablavi Fifamè Sènami Reine Elvire Judith Carole Pélagie"),
    last: w("Houngbédji Agossou Dossou Akplogan Ahouansou Gbaguidi Zinsou Adjovi"),
    cities: w("Cotonou Porto-Novo Parakou Abomey Ouidah"),
    phone: { prefixes: w("+2290196 +2290197 +2290166"), digits: 6 },
    languages: w("Fon Yoruba Anglais"),
  },
  {
    country: "Maroc",
    region: "maghreb",
    weight: 6,
    male: w("Youssef Mehdi Amine Karim Hamza Omar Rachid Anas Ilyas"),
    female: w("Salma Imane Nadia Leïla Khadija Yasmine Sanaa Houda Meryem"),
    last: ["El Amrani", "Benali", "Alaoui", "Bennani", "Tazi", "Idrissi", "Chraïbi", "Berrada", "El Fassi"],
    cities: w("Casablanca Rabat Marrakech Fès Tanger Agadir"),
    phone: { prefixes: w("+2126 +2127"), digits: 8 },
    languages: w("Arabe Espagnol Anglais"),
  },
  {
    country: "Togo",
    region: "subsaharan",
    weight: 4,
    male: w("Kossi Komlan Yawo Edem Kodjo Sélom Kafui Mawuli"),
    female: w("Akossiwa Ablavi Enyonam Afi Essi Dzifa Mawuena Elom"),
    last: w("Agbodjan Mensah Lawson Amegah Kpodar Adjavon Tchalla Akakpo"),
    cities: w("Lomé Kpalimé Sokodé Kara Atakpamé"),
    phone: { prefixes: w("+2289 +2287"), digits: 7 },
    languages: w("Éwé Anglais"),
  },
  {
    country: "Guinée",
    region: "subsaharan",
    weight: 4,
    male: w("Alpha Mamadou Thierno Sékou Lansana Ibrahima Amadou Saliou"),
    female: w("Fatoumata Mariama Kadiatou Hadja Djenab Aïssata Binta Oumou"),
    last: w("Bah Diallo Barry Camara Condé Sylla Soumah Kouyaté"),
    cities: w("Conakry Kankan Labé Kindia Nzérékoré"),
    phone: { prefixes: w("+22462 +22466 +22465"), digits: 7 },
    languages: w("Peul Anglais"),
  },
  {
    country: "Burkina Faso",
    region: "subsaharan",
    weight: 4,
    male: w("Issouf Salif Rasmané Boukary Hamidou Noufou Lamine Aristide"),
    female: w("Aminata Rasmata Alizèta Mamounata Salamata Bibata Clarisse Estelle"),
    last: w("Ouédraogo Sawadogo Compaoré Kaboré Zongo Ilboudo Nikiéma Tapsoba"),
    cities: w("Ouagadougou Bobo-Dioulasso Koudougou Banfora"),
    phone: { prefixes: w("+2267 +2266"), digits: 7 },
    languages: w("Mooré Peul Anglais"),
  },
  {
    country: "Madagascar",
    region: "madagascar",
    weight: 4,
    male: w("Hery Tiana Fanja Rija Mamy Toky Haja Faly"),
    female: w("Voahangy Lalaina Mialy Hanitra Fara Nirina Tahina Onja"),
    last: w("Rakotomalala Randriamampionona Rasoanaivo Andrianarisoa Rakotobe Razafindrakoto Ravelonarivo"),
    cities: w("Antananarivo Toamasina Antsirabe Mahajanga Fianarantsoa"),
    phone: { prefixes: w("+26132 +26133 +26134"), digits: 7 },
    languages: w("Malgache Anglais"),
  },
  {
    country: "Gabon",
    region: "subsaharan",
    weight: 3,
    male: w("Ghislain Landry Davy Arnaud Loïc Junior Stéphane Yannick"),
    female: w("Larissa Ingrid Murielle Prisca Lydie Dorine Sylvie Aurore"),
    last: w("Mba Obame Ndong Nguema Ondo Mintsa Moussavou Ella"),
    cities: w("Libreville Port-Gentil Franceville Oyem"),
    phone: { prefixes: w("+24106 +24107"), digits: 6 },
    languages: w("Anglais Espagnol"),
  },
  {
    country: "France",
    region: "europe",
    weight: 18,
    male: w("Julien Thomas Nicolas Maxime Antoine Guillaume Olivier Mathieu Laurent Pierre Sébastien Romain"),
    female: w("Camille Julie Claire Marie Sophie Élodie Aurélie Pauline Céline Émilie Laure Mathilde"),
    last: w("Martin Bernard Dubois Thomas Robert Richard Petit Durand Leroy Moreau Lefèvre Girard Fournier"),
    cities: w("Paris Lyon Marseille Bordeaux Toulouse Nantes Lille Strasbourg Montpellier Rennes"),
    phone: { prefixes: w("+336 +337"), digits: 8 },
    languages: w("Anglais Espagnol Italien Allemand"),
  },
  {
    country: "Belgique",
    region: "europe",
    weight: 7,
    male: w("Arnaud Kevin Benoît Quentin Cédric Grégory Frédéric Jérôme"),
    female: w("Charlotte Manon Laura Sarah Noémie Stéphanie Alice Justine"),
    last: w("Peeters Janssens Dupont Lambert Dubois Maes Jacobs Renard Lemaire Claes"),
    cities: w("Bruxelles Liège Namur Charleroi Mons Louvain-la-Neuve"),
    phone: { prefixes: w("+3247 +3248 +3249"), digits: 7 },
    languages: w("Néerlandais Anglais Allemand"),
  },
  {
    country: "Suisse",
    region: "europe",
    weight: 5,
    male: w("Luca Yannick Cyril Fabien Loïc Raphaël Samuel David"),
    female: w("Léa Chloé Anaïs Océane Valérie Nathalie Sandra Marion"),
    last: w("Favre Rochat Bonvin Berset Perrin Jaquet Muller Meylan Python"),
    cities: w("Genève Lausanne Neuchâtel Fribourg Sion Montreux"),
    phone: { prefixes: w("+4176 +4177 +4178 +4179"), digits: 7 },
    languages: w("Allemand Italien Anglais"),
  },
  {
    country: "Luxembourg",
    region: "europe",
    weight: 2,
    male: w("Marc Luc Gilles Tom Jeff Philippe"),
    female: w("Anne Carole Isabelle Sylvie Nadine Joëlle"),
    last: w("Schmit Weber Hoffmann Wagner Muller Kieffer Reuter Thill"),
    cities: w("Luxembourg Esch-sur-Alzette Differdange Dudelange"),
    phone: { prefixes: w("+352621 +352661 +352691"), digits: 6 },
    languages: w("Allemand Anglais Portugais"),
  },
];

/** The origin of a country name, or undefined for a country no demo member comes from. */
export function originOf(country: string): Origin | undefined {
  return ORIGINS.find((o) => o.country === country);
}

/** "Aïssatou N'Diaye" → "aissatou.ndiaye": the local part of a demo e-mail address. */
export function emailSlug(first: string, last: string): string {
  const slug = (s: string) =>
    s
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "");
  return `${slug(first)}.${slug(last)}`;
}
