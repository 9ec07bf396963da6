/**
 * Deliveries (delivery-side spec section 3: title, delivery_date, estimated_delivery_date): a
 * delivery belongs to a company and requests point at it (request.delivery_id). One is added
 * through a request and changed or removed by whoever may change a request that points at it
 * (requests.ts `changeable`); anything else answers like a missing id.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { request } from '../../db/schemaDelivery';
import { delivery } from '../../db/schemaTasks';
import { notFound, parseInput, ValidationError } from '../../errors';
import type { Viewer } from '../../permissions';
import { AppError } from '../../../shared/errors';
import { deliveryInputSchema } from '../../../shared/delivery/inputs';
import { uuid } from '../../../shared/schemas/input';
import { z } from 'zod';
import type { RequestService } from './requests';
import { requestScope } from './scope';

const COLUMNS = {
  id: delivery.id,
  company_id: delivery.company_id,
  title: delivery.title,
  delivery_date: delivery.delivery_date,
  estimated_delivery_date: delivery.estimated_delivery_date,
};
export interface DeliveryRecord {
  id: string;
  company_id: string;
  title: string;
  delivery_date: string | null;
  estimated_delivery_date: string | null;
}

export const ALREADY_HAS_DELIVERY =
  'The request already has a delivery; change or remove that one.';

const addSchema = z.object({ request_id: uuid('Not a request.'), input: deliveryInputSchema });
const updateSchema = z.object({ id: uuid('Not a delivery.'), input: deliveryInputSchema });
const idSchema = z.object({ id: uuid('Not a delivery.') });

export function createDeliveryService(db: Database, requests: RequestService) {
  async function anyChangeable(viewer: Viewer, requestIds: string[]): Promise<boolean> {
    for (const id of requestIds) {
      const allowed = await requests.changeable(viewer, id).then(
        () => true,
        () => false,
      );
      if (allowed) return true;
    }
    return false;
  }

  /** The delivery when the viewer may change a live request pointing at it. */
  async function requireChangeable(viewer: Viewer, id: string): Promise<DeliveryRecord> {
    const linked = await db
      .select({ id: request.id })
      .from(request)
      .where(and(eq(request.delivery_id, id), eq(request.is_deleted, false), requestScope(viewer)));
    if (linked.length === 0) throw notFound();
    if (
      !(await anyChangeable(
        viewer,
        linked.map((r) => r.id),
      ))
    )
      throw new AppError('FORBIDDEN', 403);
    const [row] = await db.select(COLUMNS).from(delivery).where(eq(delivery.id, id));
    if (!row) throw notFound();
    return row;
  }

  const values = (input: z.infer<typeof deliveryInputSchema>) => ({
    title: input.title,
    delivery_date: input.delivery_date ?? null,
    estimated_delivery_date: input.estimated_delivery_date ?? null,
  });

  return {
    /** A new delivery of the request's company, and the request pointing at it. */
    async add(viewer: Viewer, raw: unknown): Promise<DeliveryRecord> {
      const { request_id, input } = parseInput(addSchema, raw);
      const req = await requests.changeable(viewer, request_id);
      if (req.delivery_id)
        throw new ValidationError([{ path: 'request_id', message: ALREADY_HAS_DELIVERY }]);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(delivery)
          .values({ company_id: req.company_id, ...values(input) })
          .returning(COLUMNS);
        if (!row) throw new Error('delivery insert returned no row');
        await tx
          .update(request)
          .set({ delivery_id: row.id, updated_at: new Date() })
          .where(eq(request.id, request_id));
        return row;
      });
    },

    async update(viewer: Viewer, raw: unknown): Promise<DeliveryRecord> {
      const { id, input } = parseInput(updateSchema, raw);
      await requireChangeable(viewer, id);
      const [row] = await db
        .update(delivery)
        .set(values(input))
        .where(eq(delivery.id, id))
        .returning(COLUMNS);
      if (!row) throw notFound();
      return row;
    },

    /** Removes the delivery; the requests that pointed at it keep going without one. */
    async remove(viewer: Viewer, raw: unknown): Promise<string> {
      const { id } = parseInput(idSchema, raw);
      await requireChangeable(viewer, id);
      await db.transaction(async (tx) => {
        await tx
          .update(request)
          .set({ delivery_id: null, updated_at: new Date() })
          .where(eq(request.delivery_id, id));
        await tx.delete(delivery).where(eq(delivery.id, id));
      });
      return id;
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
