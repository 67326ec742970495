// The package's own declarations name the module `domino` (its name before the fork): this is
// the one function the page twins use, under the name the package is installed as.
declare module '@mixmark-io/domino' {
  export function createDocument(html?: string, force?: boolean): Document
}
