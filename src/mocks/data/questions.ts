import { randomFrenchPerson, type Person } from './people';
import { intBetween, pick, pickWeighted, type Rng } from './prng';

/**
 * Custom-question templates. Two kinds share the French text "Contact d'urgence" (name and
 * phone asked separately, like a real form built in two steps): a client that keys answers
 * by question text instead of que_id mixes them up, which is exactly what we want to catch.
 */
export type QuestionKind = 'tshirt' | 'club' | 'emergency' | 'emergency_name' | 'emergency_phone' | 'heard';

interface QuestionTemplate {
  readonly fr: string;
  readonly en: string;
  /** Free-text answers can receive the tricky strings; choice answers (sizes) cannot. */
  readonly freeText: boolean;
  readonly answer: (rng: Rng, participant: Person) => string;
}

const SIZES = [
  { value: 'XS', weight: 5 },
  { value: 'S', weight: 20 },
  { value: 'M', weight: 35 },
  { value: 'L', weight: 25 },
  { value: 'XL', weight: 10 },
  { value: 'XXL', weight: 5 },
] as const;

/**
 * How participants type a size when the form gives them a text box: mostly as listed, some in
 * words, in French, in lower case or with a trailing space, a few in a way no reader can
 * settle ("M/L"). The order sheet and the figures read them all as one size each (see
 * lib/clean-answers), and list the few they cannot read.
 */
const TYPED_SIZES: Readonly<Record<(typeof SIZES)[number]['value'], readonly string[]>> = {
  XS: ['xs', 'X-Small', 'TP'],
  S: ['s', 'Small', 'Petit', 'S '],
  M: ['m', 'Medium', 'Moyen', 'Taille M', 'M '],
  L: ['l', 'Large', 'Grand', 'L (homme)'],
  XL: ['xl', 'TG', 'Extra large', 'X-Large'],
  XXL: ['2XL', 'xxl', 'TTG'],
};
const UNREADABLE_SIZES = ['M/L', 'S ou M', 'je sais pas'] as const;

/**
 * A size as this participant typed it. Chosen from their name, not the random stream, so every
 * other value of the demo stays what it was.
 */
function typedSize(size: (typeof SIZES)[number]['value'], participant: Person): string {
  let hash = 7;
  for (const char of `${participant.first} ${participant.last}`)
    hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const roll = hash % 1000;
  if (roll < 4) return UNREADABLE_SIZES[roll % UNREADABLE_SIZES.length]!;
  if (roll >= 150) return size;
  const typed = TYPED_SIZES[size];
  return typed[roll % typed.length]!;
}

const CLUBS = [
  'CA Genève',
  'Lausanne-Sports Athlétisme',
  'Stade Genève',
  'ASPTT Annecy',
  'Les Foulées du Chablais',
  'Triathlon Club Neuchâtel',
  'Club de course Les Vaillants',
  'Aucun',
] as const;

const HEARD = [
  'Bouche-à-oreille',
  'Facebook',
  'Instagram',
  'Newsletter',
  'Affiche',
  'Site web',
  'Ami(e)',
  'Autre',
] as const;

function phone(rng: Rng): string {
  const two = () => String(intBetween(rng, 10, 99));
  switch (intBetween(rng, 0, 3)) {
    case 0:
      return `+41 79 ${intBetween(rng, 100, 999)} ${two()} ${two()}`;
    case 1:
      return `079 ${intBetween(rng, 100, 999)} ${two()} ${two()}`;
    case 2:
      return `06 ${two()} ${two()} ${two()} ${two()}`;
    default:
      return `(418) 555-01${two()}`;
  }
}

function contactName(rng: Rng, participant: Person): string {
  const contact = randomFrenchPerson(rng);
  // Family members often share the participant's last name.
  return `${contact.first} ${rng() < 0.5 ? participant.last : contact.last}`;
}

export const QUESTION_TEMPLATES: Readonly<Record<QuestionKind, QuestionTemplate>> = {
  tshirt: {
    fr: 'Taille de t-shirt',
    en: 'T-shirt size',
    freeText: false,
    answer: (rng, participant) => typedSize(pickWeighted(rng, SIZES), participant),
  },
  club: {
    fr: 'Club ou numéro de licence',
    en: 'Club or licence number',
    freeText: true,
    answer: (rng) => {
      const roll = rng();
      if (roll < 0.35) return ''; // optional question, often left blank
      if (roll < 0.55) return String(intBetween(rng, 100000, 9999999));
      return pick(rng, CLUBS);
    },
  },
  emergency: {
    fr: "Contact d'urgence",
    en: 'Emergency contact',
    freeText: true,
    answer: (rng, participant) => `${contactName(rng, participant)} – ${phone(rng)}`,
  },
  emergency_name: {
    fr: "Contact d'urgence",
    en: 'Emergency contact name',
    freeText: true,
    answer: contactName,
  },
  emergency_phone: {
    fr: "Contact d'urgence",
    en: 'Emergency contact phone',
    freeText: true,
    answer: (rng) => phone(rng),
  },
  heard: {
    fr: "Comment avez-vous connu l'événement ?",
    en: 'How did you hear about the event?',
    freeText: true,
    answer: (rng) => pick(rng, HEARD),
  },
};
