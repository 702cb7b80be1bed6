/** What the oracle can say, each with its leaning; written for Kizuna. */
export type OracleTone = 'yes' | 'maybe' | 'no';

export interface OracleAnswer {
  answer: string;
  tone: OracleTone;
}

export const ORACLE_ANSWERS: readonly OracleAnswer[] = [
  { answer: 'The cherry blossoms say yes.', tone: 'yes' },
  { answer: 'Believe it! It will happen.', tone: 'yes' },
  { answer: 'Your power level is more than enough. Yes.', tone: 'yes' },
  { answer: 'The stars of this episode are aligned for you.', tone: 'yes' },
  { answer: 'Yes, and the opening theme just started playing.', tone: 'yes' },
  { answer: 'Certainly. Even the side characters agree.', tone: 'yes' },
  { answer: 'Without a doubt, senpai noticed.', tone: 'yes' },
  { answer: 'The red string of fate points that way. Yes.', tone: 'yes' },
  { answer: 'A training arc later, absolutely.', tone: 'yes' },
  { answer: 'The shrine fortune reads: great blessing.', tone: 'yes' },
  { answer: 'The fog of the filler arc hides the answer. Ask again tomorrow.', tone: 'maybe' },
  { answer: 'To be continued…', tone: 'maybe' },
  { answer: 'The answer is locked behind a plot twist.', tone: 'maybe' },
  { answer: 'Perhaps, if you eat a good breakfast first.', tone: 'maybe' },
  { answer: 'The shrine fortune reads: small blessing. Work for the rest.', tone: 'maybe' },
  { answer: 'It depends on how the next episode goes.', tone: 'maybe' },
  { answer: 'Your rival is asking the same question. Hurry.', tone: 'maybe' },
  { answer: 'The oracle is on a tea break. It looks hopeful, though.', tone: 'maybe' },
  { answer: 'Only after a beach episode will this become clear.', tone: 'maybe' },
  { answer: 'The manga has not caught up to this yet.', tone: 'maybe' },
  { answer: 'No. Even the narrator sighed.', tone: 'no' },
  { answer: 'The shrine fortune reads: curse. Tie it to the tree and walk away.', tone: 'no' },
  { answer: 'Nani?! Absolutely not.', tone: 'no' },
  { answer: 'That route leads to a bad ending.', tone: 'no' },
  { answer: 'The studio cancelled that season. No.', tone: 'no' },
  { answer: 'Your stamina bar is empty. Not today.', tone: 'no' },
  { answer: 'The villain laughs. That is a no.', tone: 'no' },
  { answer: 'No, and the flashback explains why.', tone: 'no' },
  { answer: 'Not in this timeline.', tone: 'no' },
  { answer: 'The cat on the shrine steps turned away. No.', tone: 'no' },
];
