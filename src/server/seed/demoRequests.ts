/**
 * Requests of the demo's customer (Lakeside Logistics) on its fleet project beside the one the
 * tasks hang on: some raised by the customer, some by the project manager, one a sourcing request
 * with its job fields, and deliveries with dates, so the customer's and the project manager's
 * request lists have something to show.
 */
import type { DatabaseExecutor } from '../db/connection';
import { request } from '../db/schemaDelivery';
import { delivery } from '../db/schemaTasks';
import { TASK_STATUS } from '../../shared/delivery/taskStatus';

interface DemoRequest {
  title: string;
  description: string;
  by: 'customer' | 'pm';
  type: number;
  action: string;
  priority: number;
  status: number;
  delivery?: { title: string; delivery_date: string | null; estimated_delivery_date: string };
  job?: Partial<typeof request.$inferInsert>;
}

const REQUESTS: DemoRequest[] = [
  {
    title: 'Driver app: trips recorded offline',
    description: 'Drivers lose trips in tunnels; record them on the phone and send them later.',
    by: 'customer',
    type: 1,
    action: 'build',
    priority: 2,
    status: TASK_STATUS.TODO,
    delivery: {
      title: 'Driver app 1.1',
      delivery_date: null,
      estimated_delivery_date: '2027-02-15',
    },
  },
  {
    title: 'Invoices show the wrong VAT rate',
    description: 'Invoices for Austrian customers use 19% instead of 20%.',
    by: 'customer',
    type: 2,
    action: 'fix',
    priority: 1,
    status: TASK_STATUS.IN_PROGRESS,
  },
  {
    title: 'Fleet portal, release 2: maintenance planner',
    description: 'Plan vehicle maintenance from mileage and send reminders to the depot.',
    by: 'pm',
    type: 3,
    action: 'estimate',
    priority: 3,
    status: TASK_STATUS.TODO,
    delivery: {
      title: 'Fleet portal release 2',
      delivery_date: '2027-04-30',
      estimated_delivery_date: '2027-04-16',
    },
  },
  {
    title: 'Senior Android developer for the driver app',
    description: 'One senior Android developer to join the driver app team for six months.',
    by: 'pm',
    type: 4,
    action: 'consult',
    priority: 2,
    status: TASK_STATUS.TODO,
    job: {
      job_settings: ['remote', 'hybrid'],
      employment_type: 'contract',
      compensation_type: 'hourly',
      compensation: 8500,
      candidate_min_exp: 5,
      candidate_max_exp: 10,
    },
  },
];

export async function seedDemoRequests(
  tx: DatabaseExecutor,
  ids: { company: string; project: string; customer: string; pm: string },
): Promise<void> {
  for (const r of REQUESTS) {
    let deliveryId: string | null = null;
    if (r.delivery) {
      const [d] = await tx
        .insert(delivery)
        .values({ company_id: ids.company, ...r.delivery })
        .returning({ id: delivery.id });
      deliveryId = d?.id ?? null;
    }
    await tx.insert(request).values({
      title: r.title,
      description: r.description,
      created_by: r.by === 'pm' ? ids.pm : ids.customer,
      priority: r.priority,
      project_id: ids.project,
      request_type_id: r.type,
      request_action: r.action,
      company_id: ids.company,
      status_id: r.status,
      delivery_id: deliveryId,
      ...r.job,
    });
  }
}
