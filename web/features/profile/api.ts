// Server state of the member's own profile.
import type { ProfileDto, ProfileUpdate } from "@domain/profile.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api, NETWORK_ERROR_MESSAGE, parseJson, toApiError } from "@web/lib/api.ts";

export const PROFILE_KEY = ["profile"] as const;

export function useProfile() {
  return useQuery({
    queryKey: PROFILE_KEY,
    queryFn: ({ signal }) => api.get<ProfileDto>("/api/profile", signal),
    // The form keeps its own state; a background refresh only updates photos and status.
    staleTime: 60_000,
  });
}

/** Puts a fresh profile from any mutation into the cache. */
function useStoreProfile() {
  const queryClient = useQueryClient();
  return (profile: ProfileDto) => queryClient.setQueryData(PROFILE_KEY, profile);
}

export function useUpdateProfile() {
  const store = useStoreProfile();
  return useMutation({
    mutationFn: (values: ProfileUpdate) => api.put<ProfileDto>("/api/profile", values),
    onSuccess: store,
  });
}

export function useDeletePhoto() {
  const store = useStoreProfile();
  return useMutation({
    mutationFn: (key: string) =>
      api.delete<ProfileDto>(`/api/profile/photos?path=${encodeURIComponent(key)}`),
    onSuccess: store,
  });
}

export function useSetMainPhoto() {
  const store = useStoreProfile();
  return useMutation({
    mutationFn: (key: string) => api.put<ProfileDto>("/api/profile/photos/main", { key }),
    onSuccess: store,
  });
}

/** Sends one photo as multipart/form-data with XMLHttpRequest, which reports upload progress. */
export function uploadPhoto(file: File, onProgress: (percent: number) => void): Promise<ProfileDto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/profile/photos");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress((event.loaded / event.total) * 100);
    });
    xhr.addEventListener("load", () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as ProfileDto);
      else reject(toApiError(xhr.status, body));
    });
    xhr.addEventListener("error", () => reject(new ApiError(0, "NETWORK_ERROR", NETWORK_ERROR_MESSAGE)));
    xhr.addEventListener("abort", () => reject(new ApiError(0, "ABORTED", "Envoi annulé")));
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  });
}

export function useUploadPhoto(onProgress: (percent: number) => void) {
  const store = useStoreProfile();
  return useMutation({
    mutationFn: (file: File) => uploadPhoto(file, onProgress),
    onSuccess: store,
  });
}
