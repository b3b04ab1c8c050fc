import { useEffect, useState } from 'react';
import type { ServiceDto } from '../../../../shared/api/services';
import { ShowMore } from '../../../components/ShowMore';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/States';
import { errorMessage } from '../../../lib/errorMessages';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { ServiceCard } from '../components/ServiceCard';
import { ServiceForm } from '../components/ServiceForm';
import { useServiceHistory, useServicePurchases, useServices } from '../queries';
import { Emoji } from '../../../components/Emoji';

const TABS = ['All Services', 'My Services', 'My Purchases', 'History'] as const;
type Tab = (typeof TABS)[number];

/** The part of an infinite query the lists read: its pages and the next one. */
interface Paged {
  data: { pages: ServiceDto[][] } | undefined;
  error: Error | null;
  isPending: boolean;
  isFetchNextPageError: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

const flat = (query: Paged): ServiceDto[] => query.data?.pages.flat() ?? [];

/** A load that failed outright, as opposed to loading one more page (that one keeps the list shown). */
const failed = (query: Paged) => query.error !== null && !query.isFetchNextPageError;

function ServiceList({
  query,
  meId,
  onEdit,
  empty,
}: {
  query: Paged;
  meId: string | null;
  onEdit: (s: ServiceDto) => void;
  empty: string;
}) {
  const services = flat(query);
  if (services.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <div className="flex flex-col gap-4">
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {services.map((s) => (
          <ServiceCard key={s._id} service={s} meId={meId} onEdit={onEdit} />
        ))}
      </ul>
      <ShowMore query={query} what="services" />
    </div>
  );
}

function HistoryList({
  title,
  query,
  role,
}: {
  title: string;
  query: Paged;
  role: 'provider' | 'buyer';
}) {
  const services = flat(query);
  return (
    <section aria-label={title} className="card flex min-w-0 flex-col gap-2">
      <h2 className="section-title">{title}</h2>
      {services.length === 0 ? (
        <EmptyState>Nothing yet.</EmptyState>
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-white/10">
            {services.map((s) => {
              const when = s.completedAt ?? s.refundedAt;
              const other = role === 'provider' ? s.buyer?.username : s.provider.username;
              return (
                <li
                  key={s._id}
                  data-testid="service-history"
                  className="flex flex-wrap justify-between gap-2 py-2 text-sm"
                >
                  <span className="min-w-0 wrap-anywhere text-white">
                    {s.title}{' '}
                    <span className="text-slate-400">
                      {role === 'provider' ? `for ${other ?? '—'}` : `by ${other}`}
                    </span>
                  </span>
                  <span className="text-slate-300">
                    {s.status === 'refunded' ? 'Refunded' : 'Completed'}{' '}
                    {when ? formatDate(when) : '—'} · <Emoji char="🪙" /> {s.price}
                  </span>
                </li>
              );
            })}
          </ul>
          <ShowMore query={query} what="history" />
        </>
      )}
    </section>
  );
}

export function ServicesPage() {
  const { user } = useSession();
  const [tab, setTab] = useState<Tab>('All Services');
  const [editing, setEditing] = useState<ServiceDto | null>(null);
  const all = useServices(true);
  const mine = useServices(false);
  const purchases = useServicePurchases();
  const provided = useServiceHistory('provider');
  const bought = useServiceHistory('buyer');
  const meId = user?._id ?? null;

  // Spec section 8: list loads fail with 'Failed to fetch services', the rest with 'Failed to load data'.
  const listError = all.error ?? mine.error;
  const dataError = purchases.error ?? provided.error ?? bought.error;
  useEffect(() => {
    if (listError)
      notify.error(errorMessage(listError, 'Failed to fetch services'), { id: 'services-load' });
  }, [listError]);
  useEffect(() => {
    if (dataError)
      notify.error(errorMessage(dataError, 'Failed to load data'), { id: 'services-data' });
  }, [dataError]);

  const edit = (service: ServiceDto) => {
    setEditing(service);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  function body() {
    if (tab === 'History') {
      if (provided.isPending || bought.isPending) return <LoadingState />;
      const historyError = failed(provided) ? provided.error : failed(bought) ? bought.error : null;
      if (historyError)
        return <ErrorBanner>{errorMessage(historyError, 'Failed to load data')}</ErrorBanner>;
      return (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <HistoryList title="Services you provided" query={provided} role="provider" />
          <HistoryList title="Services you bought" query={bought} role="buyer" />
        </div>
      );
    }
    const query = tab === 'All Services' ? all : tab === 'My Services' ? mine : purchases;
    if (query.isPending) return <LoadingState />;
    if (failed(query))
      return (
        <ErrorBanner>
          {errorMessage(
            query.error,
            tab === 'My Purchases' ? 'Failed to load data' : 'Failed to fetch services',
          )}
        </ErrorBanner>
      );
    const empty =
      tab === 'All Services'
        ? 'No services on offer yet.'
        : tab === 'My Services'
          ? 'You offer no services yet.'
          : 'You have bought no services yet.';
    return <ServiceList query={query} meId={meId} onEdit={edit} empty={empty} />;
  }

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">Services</h1>
        <p className="mt-1 text-slate-400">
          Offer your skills for coins, or hire another player. Payment waits in escrow until you
          accept.
        </p>
      </header>
      <ServiceForm key={editing?._id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <div role="tablist" aria-label="Services" className="flex flex-wrap gap-2">
        {TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            className={tab === t ? 'btn-primary' : 'btn-secondary'}
            onClick={() => setTab(t)}
          >
            {t}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={tab}>
        {body()}
      </div>
    </div>
  );
}
