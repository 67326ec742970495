import { CONTACT_SERVICES, type ContactService } from './contact'

/**
 * The services that can have a page: every value of the inquiry contract's service enum but
 * `other`. A service document's `key` is one of these, so an inquiry's service always names a
 * page when one is published, and the contract (OpenAPI, the MCP tool's schema) never changes
 * when an editor adds or renames a service.
 */
export const SERVICE_KEYS = CONTACT_SERVICES.filter(
  (service): service is Exclude<ContactService, 'other'> => service !== 'other',
)
export type ServiceKey = (typeof SERVICE_KEYS)[number]

export const isServiceKey = (value: string): value is ServiceKey =>
  (SERVICE_KEYS as readonly string[]).includes(value)
