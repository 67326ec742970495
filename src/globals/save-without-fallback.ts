import type { GlobalBeforeOperationHook } from 'payload'

/**
 * A settings global is saved in one language without reading the others into it. Payload's
 * update of a global reads the saved copy with the request's fallback language (a collection's
 * update reads it with none), so saving Spanish where a translated list (the home page's
 * services or principles) was never written in Spanish copies the English rows, ids and all,
 * into Spanish: the save fails on their ids ("Value must be unique"), and were the ids fresh,
 * Spanish would hold English text. Read with no fallback, the list takes its Spanish default.
 */
export const saveWithoutFallback: GlobalBeforeOperationHook = ({ args, operation }) => {
  if (operation === 'update') args.req.fallbackLocale = null
  return args
}
