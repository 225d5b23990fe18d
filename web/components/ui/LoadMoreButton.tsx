import { Button } from "./Button.tsx";
import { cn } from "./cn.ts";

interface InfiniteList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** « Voir plus » under a paged list (a TanStack infinite query); nothing when the list is complete. */
export function LoadMoreButton({ list, className }: { list: InfiniteList; className?: string }) {
  if (!list.hasNextPage) return null;
  return (
    <div className={cn("flex justify-center", className)}>
      <Button
        variant="secondary"
        loading={list.isFetchingNextPage}
        loadingText="Chargement…"
        onClick={() => void list.fetchNextPage()}
      >
        Voir plus
      </Button>
    </div>
  );
}
