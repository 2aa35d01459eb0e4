/**
 * Values a one-shot build keeps for the next, by key (the render cache's memo files): a locale's search index (its head
 * and its values' names, search-index.ts), a docs version's page blob names (page-blob-memo.ts).
 */
export interface BuildMemo {
  read(key: string): Promise<string | undefined>
  write(key: string, value: string): Promise<void>
}
