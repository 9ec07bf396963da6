/**
 * Which product a signed-in person works in (delivery-side spec sections 1 and 6: "legal and
 * non-legal companies use different backends, chosen by the company's is_legal flag"):
 * - a law firm's people (the company in view is legal) get the legal navigation and screens;
 * - everyone of a non-legal company (the provider's delivery team: project managers, tech leads, QA,
 *   developers, talent; and customer companies) gets the delivery navigation and screens.
 * The provider's internal admins and assigned managers pick the company in view with the company
 * switcher (workspaceSlice.ts); the product follows that company.
 */
import type { UserTypeName } from '../../../shared/schemas/user';

export type Product = 'legal' | 'delivery';

export function productOf(company: { is_legal: boolean } | null | undefined): Product {
  return company?.is_legal ? 'legal' : 'delivery';
}

/** Provider roles that see several companies and switch between them. */
export function canSwitchCompany(userType: UserTypeName | null | undefined): boolean {
  return userType === 'internal_admin' || userType === 'internal_manager';
}

/** Delivery screens that only the provider's people and company managers use. */
export function seesTalent(userType: UserTypeName | null | undefined): boolean {
  return userType !== 'user' && userType !== undefined && userType !== null;
}
