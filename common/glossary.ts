import { TERMS } from './terms';

/**
 * One word per concept: for each concept the word screens use and the synonyms they must not.
 * `glossary.test.ts` reads every string and JSX text of web/ and common/ and fails on a synonym,
 * so a new screen cannot bring 'Yeni' back for waiting work or 'Ajan' for an agent.
 */
export interface AvoidedWord {
  /** Matched case-insensitively (Turkish casing) at the start of a word, in any inflection: 'ajan' finds 'Ajana'. */
  phrase: string;
  /** Only a text that is exactly this word: 'Yeni' alone is the waiting concept, 'Yeni Kullanıcı' is not. */
  whole?: boolean;
  /** Files where the word names something else the spec gives (the statuses' own labels). */
  allowIn?: readonly string[];
}

export interface GlossaryEntry {
  concept: string;
  word: string;
  avoid: readonly AvoidedWord[];
}

export const GLOSSARY: readonly GlossaryEntry[] = [
  { concept: 'agent (the person and the role)', word: 'Agent', avoid: [{ phrase: 'ajan' }, { phrase: 'temsilci' }] },
  {
    concept: 'waiting work (new + queued)',
    word: TERMS.waiting,
    // The status `new` is still called 'Yeni' (spec §6) in its badge.
    avoid: [{ phrase: 'Yeni', whole: true, allowIn: ['common/enums.ts'] }, { phrase: 'kuyruk' }],
  },
  {
    concept: 'active work (assigned + in progress)',
    word: TERMS.active,
    // The status `in_progress` is still called 'İşlemde' (spec §6) in its badge.
    avoid: [{ phrase: 'İşlemde', whole: true, allowIn: ['common/enums.ts'] }, { phrase: 'aktif atama' }],
  },
  {
    concept: 'giving a request back to the waiting list',
    word: TERMS.requeue,
    avoid: [{ phrase: 'kuyruğa' }, { phrase: 'kuyruğu' }],
  },
  { concept: 'holding a request at full capacity', word: TERMS.reserve, avoid: [{ phrase: 'rezerv' }] },
  { concept: 'a routing rule’s place in evaluation', word: TERMS.ruleOrder, avoid: [{ phrase: 'kural önceliği' }] },
];

/**
 * Texts the spec gives word for word that use a word the glossary avoids elsewhere (its 'Board', 'N/A' and
 * 'Force Offline' stay in the same way). A text containing one of these is read without it.
 */
export const SPEC_TEXTS: readonly string[] = ['Aktif Atamalar', 'Talep tekrar kuyruğa alındı', 'Atama kuyruğa alındı', 'Kuyruğa alma hatası'];
