// Server state of the photo review: the held photos and the decision on one of them.
import type { AdminPhotoReviewDecision, AdminPhotoReviewRow, PhotoReviewDecision } from "@domain/admin.ts";
import { useMutation } from "@tanstack/react-query";
import { adminApi, adminPath, useAdminList, useRefreshAdmin } from "../shared/admin-api.ts";
import type { ListConfig } from "../shared/list-params.ts";

/** The API orders the queue itself (oldest first) and takes pages only: no sort, no filter. */
export const PHOTO_REVIEWS_LIST: ListConfig = { sorts: [], defaultDir: "asc", filters: [] };

/** The query string the API accepts: ?page&size. */
export const photoReviewsQuery = (page: number, size: number) =>
  new URLSearchParams({ page: String(page), size: String(size) }).toString();

export function usePhotoReviews(query: string) {
  return useAdminList<AdminPhotoReviewRow>("photo-reviews", query);
}

/**
 * Approves, removes or bans on one held photo. Every admin view is refreshed (queue, users,
 * dashboard) before the caller's callbacks run, so the decided card has left the queue by then.
 */
export function useDecidePhotoReview() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: PhotoReviewDecision }) =>
      adminApi.post<AdminPhotoReviewDecision>(adminPath("photo-reviews", id, decision)),
    onSettled: () => refresh(),
  });
}
