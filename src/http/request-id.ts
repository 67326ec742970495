/** The id the project's server gives each request it hands to the application (and logs). */
export const REQUEST_ID_HEADER = 'x-request-id'
