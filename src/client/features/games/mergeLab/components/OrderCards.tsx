import { useDroppable } from '@dnd-kit/core';
import {
  chainOf,
  itemInfo,
  orderPayout,
  type MergeItem,
  type MergeOrder,
} from '../../../../../shared/games/mergeLab/rules';
import { orderDropId } from '../dnd';
import { coinsText, itemName, matchingCell } from '../mergeLabView';
import { ItemFace } from './ItemFace';
import { ScrollText } from 'lucide-react';

interface OrderCardsProps {
  orders: readonly MergeOrder[];
  board: readonly (MergeItem | null)[];
  /** Orders with a delivery on its way: their Deliver waits for the answer, so a double click never hands over the next card's item. */
  delivering: ReadonlySet<number>;
  onDeliver: (order: number) => void;
}

/** The three order cards: what each wants and pays; Deliver, or drop the item on the card. */
export function OrderCards({ orders, board, delivering, onDeliver }: OrderCardsProps) {
  return (
    <section aria-labelledby="lab-orders-title" className="card flex flex-col gap-3">
      <h2 id="lab-orders-title" className="section-title">
        <ScrollText className="mr-1.5" />
        Orders
      </h2>
      <p className="text-sm text-slate-400">
        Deliver what a card asks for to earn its coins; a new order takes its place.
      </p>
      <ul className="flex flex-col gap-3" aria-label="Orders">
        {orders.map((order, i) => (
          <OrderCard
            key={i}
            index={i}
            order={order}
            held={matchingCell(board, order) !== null}
            busy={delivering.has(i)}
            onDeliver={() => onDeliver(i)}
          />
        ))}
      </ul>
    </section>
  );
}

function OrderCard({
  index,
  order,
  held,
  busy,
  onDeliver,
}: {
  index: number;
  order: MergeOrder;
  held: boolean;
  busy: boolean;
  onDeliver: () => void;
}) {
  const drop = useDroppable({ id: orderDropId(index) });
  const info = itemInfo(order);
  const chain = chainOf(order.c);
  const coins = orderPayout(order.t);
  const below: MergeItem = { c: order.c, t: order.t - 1 };
  return (
    <li
      ref={drop.setNodeRef}
      data-testid="lab-order"
      data-order={index}
      data-item={`${order.c}:${order.t}`}
      data-over={drop.isOver ? 'true' : undefined}
      className={`flex items-center gap-3 rounded-xl border p-3 transition-colors ${drop.isOver ? 'border-emerald-300 bg-emerald-950/40' : 'border-white/10 bg-slate-950/40'}`}
    >
      <span className="size-12 shrink-0">
        <ItemFace item={order} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-white" data-testid="lab-order-name">
          {info.name}
        </p>
        <p className="text-xs text-slate-400">
          Tier {order.t} {chain.name.toLowerCase()} · two {itemName(below)} merged
        </p>
        <p className="text-sm font-semibold text-emerald-300" data-testid="lab-order-coins">
          Pays {coinsText(coins)}
        </p>
        <p
          className={`text-xs ${held ? 'text-emerald-200' : 'text-slate-400'}`}
          data-testid="lab-order-held"
        >
          {held ? '✓ On your board' : 'Not on your board yet'}
        </p>
      </div>
      <button
        type="button"
        className="btn-secondary shrink-0 px-3"
        onClick={onDeliver}
        disabled={!held || busy}
        aria-label={`Deliver ${info.name} for ${coinsText(coins)}`}
      >
        Deliver
      </button>
    </li>
  );
}
