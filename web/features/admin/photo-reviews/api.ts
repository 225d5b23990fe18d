// Server state of the photo review: the held photos and the decision on one of them.
import type { PhotoReviewDecision } from "@domain/admin.ts";
import { useMutation } from "@tanstack/react-query";
import { call, cancelledBy, pathParams } from "@web/lib/api.ts";
import { adminApi, useAdminList, useRefreshAdmin } from "../shared/admin-api.ts";
import type { ListConfig } from "../shared/list-params.ts";

/** The API orders the queue itself (oldest first) and takes pages only: no sort, no filter. */
export const PHOTO_REVIEWS_LIST: ListConfig = { sorts: [], defaultDir: "asc", filters: [] };

/** The query string the API accepts: ?page&size. */
export const photoReviewsQuery = (page: number, size: number) =>
  new URLSearchParams({ page: String(page), size: String(size) }).toString();

export function usePhotoReviews(query: string) {
  return useAdminList("photo-reviews", query, (q, signal) =>
    call(adminApi["photo-reviews"].$get({ query: q }, cancelledBy(signal))),
  );
}

/**
 * Approves, removes or bans on one held photo. Every admin view is refreshed (queue, users,
 * dashboard) before the caller's callbacks run, so the decided card has left the queue by then.
 */
export function useDecidePhotoReview() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: PhotoReviewDecision }) =>
      call(adminApi["photo-reviews"][":id"][decision].$post({ param: pathParams({ id }) })),
    onSettled: () => refresh(),
  });
}
