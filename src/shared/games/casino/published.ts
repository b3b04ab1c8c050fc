// The slots pay table, every stop combination counted, from the table the machine pays by.
import { slotsPayRows } from '../engine/rtp';
import { toPercentString } from '../engine/rational';
import {
  coins,
  row,
  table,
  type GamePublished,
  type PublishedSectionDef,
} from '../../published/types';
import { slotsHitRate, slotsRtp } from './slots';

const slotsSection: PublishedSectionDef = {
  key: 'slots',
  title: 'Slots pay table',
  fixed: true,
  build: () => ({
    notes: [
      `Three reels of 21 stops; every one of the 9,261 stop combinations counted: return ${toPercentString(slotsRtp())}, a win on ${toPercentString(slotsHitRate())} of spins. ` +
        'A line pays its multiple of the stake, the stake included; cherries count in any position.',
    ],
    tables: [
      table(
        'slots-pay',
        'Slots lines, best first',
        ['Line', 'Pays', 'Ways of 9,261', 'Chance'],
        slotsPayRows().map((line) =>
          row(line.combo, line.symbols, `${line.multiplier}x`, coins(line.ways), line.percent),
        ),
      ),
    ],
  }),
};

export const casinoPublished: GamePublished = { sections: [slotsSection] };
