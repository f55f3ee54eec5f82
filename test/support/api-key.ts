/** A whole personal API key of PostHog's shape (masked `phx_…a1B2`): what no answer or log may carry. */
export const API_KEY = `phx_${'Z'.repeat(43)}a1B2`;
