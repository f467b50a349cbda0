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
    answer: (rng) => pickWeighted(rng, SIZES),
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
