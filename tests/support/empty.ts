// Stands in for `server-only` under Vitest, where there is no React Server Components bundler.
export {}
