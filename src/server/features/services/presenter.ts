import {
  SERVICE_AUTO_RELEASE_MS,
  type ServiceDto,
  type ServiceStatus,
  type ServiceUserDto,
} from '../../../shared/api/services';

export interface ServiceRow {
  id: number;
  title: string;
  description: string;
  price: number;
  status: ServiceStatus;
  auto_released: boolean;
  created_at: Date | string;
  bought_at: Date | string | null;
  finalized_at: Date | string | null;
  completed_at: Date | string | null;
  refunded_at: Date | string | null;
  provider_id: number;
  provider_username: string;
  provider_image: string | null;
  provider_status: string;
  buyer_id: number | null;
  buyer_username: string | null;
  buyer_image: string | null;
  buyer_status: string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A deleted account's username is a placeholder ('~deleted~12'); players read this instead. */
function party(
  id: number,
  username: string,
  image: string | null,
  status: string | null,
): ServiceUserDto {
  const gone = status === 'deleted';
  return {
    _id: String(id),
    username: gone ? 'Deleted user' : username,
    profileImage: gone ? null : image,
  };
}

export function presentService(row: ServiceRow): ServiceDto {
  const finalizedAt = iso(row.finalized_at);
  return {
    _id: String(row.id),
    title: row.title,
    description: row.description,
    price: Number(row.price),
    provider: party(
      Number(row.provider_id),
      row.provider_username,
      row.provider_image,
      row.provider_status,
    ),
    buyer:
      row.buyer_id === null || row.buyer_username === null
        ? null
        : party(Number(row.buyer_id), row.buyer_username, row.buyer_image, row.buyer_status),
    finalized: row.status === 'finalized' || row.status === 'completed',
    buyerAccepted: row.status === 'completed' && !row.auto_released,
    completedAt: iso(row.completed_at),
    status: row.status,
    createdAt: iso(row.created_at) ?? '',
    boughtAt: iso(row.bought_at),
    finalizedAt,
    refundedAt: iso(row.refunded_at),
    releaseAt:
      row.status === 'finalized' && finalizedAt
        ? new Date(Date.parse(finalizedAt) + SERVICE_AUTO_RELEASE_MS).toISOString()
        : null,
  };
}
