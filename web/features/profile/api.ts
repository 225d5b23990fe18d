// Server state of the member's own profile.
import type { PhotoSquare } from "@domain/photo-square.ts";
import type { ProfileDto, ProfileSave } from "@domain/profile.ts";
import type { VoiceIntroPrompt } from "@domain/voice.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { matchKeys } from "@web/features/matches/index.ts";
import { messageKeys } from "@web/features/messages/index.ts";
import { searchKeys } from "@web/features/search/index.ts";
import { visitKeys } from "@web/features/visits/index.ts";
import {
  ApiError,
  api,
  call,
  cancelledBy,
  NETWORK_ERROR_MESSAGE,
  parseJson,
  type SuccessBody,
  toApiError,
} from "@web/lib/api.ts";
import { withRetries } from "@web/lib/retry.ts";
import { profileKeys } from "./keys.ts";

export function useProfile() {
  return useQuery({
    queryKey: profileKeys.own,
    queryFn: ({ signal }) => call(api.profile.$get(undefined, cancelledBy(signal))),
    // The form keeps its own state; a background refresh only updates photos and status.
    staleTime: 60_000,
  });
}

/** Puts a fresh profile from any mutation into the cache. */
function useStoreProfile() {
  const queryClient = useQueryClient();
  return (profile: ProfileDto) => queryClient.setQueryData(profileKeys.own, profile);
}

export function useUpdateProfile() {
  const store = useStoreProfile();
  return useMutation({
    mutationFn: (values: ProfileSave) => call(api.profile.$put({ json: values })),
    onSuccess: store,
  });
}

export function useDeletePhoto() {
  const store = useStoreProfile();
  return useMutation({
    mutationFn: (key: string) => call(api.profile.photos.$delete({ query: { path: key } })),
    onSuccess: store,
  });
}

export function useSetMainPhoto() {
  const store = useStoreProfile();
  return useMutation({
    mutationFn: (key: string) => call(api.profile.photos.main.$put({ json: { key } })),
    onSuccess: store,
  });
}

export function useReorderPhotos() {
  const queryClient = useQueryClient();
  const store = useStoreProfile();
  return useMutation({
    mutationFn: (keys: string[]) => call(api.profile.photos.order.$put({ json: { keys } })),
    // Shown at once; put back (and refreshed from the server) if the change is refused.
    onMutate: (keys) => {
      const previous = queryClient.getQueryData<ProfileDto>(profileKeys.own);
      if (previous) {
        const byKey = new Map(previous.photos.map((p) => [p.key, p]));
        const photos = keys.map((k) => byKey.get(k)).filter((p) => p !== undefined);
        if (photos.length === previous.photos.length) store({ ...previous, photos });
      }
      return { previous };
    },
    onError: (err, _keys, context) => {
      if (context?.previous) store(context.previous);
      if (err instanceof ApiError && err.code === "PHOTO_ORDER_MISMATCH") {
        void queryClient.invalidateQueries({ queryKey: profileKeys.own });
      }
    },
    onSuccess: store,
  });
}

export function useCropPhoto() {
  const store = useStoreProfile();
  return useMutation({
    mutationFn: ({ key, square }: { key: string; square: PhotoSquare }) =>
      call(api.profile.photos.crop.$post({ json: { key, square } })),
    onSuccess: store,
  });
}

export interface UploadOptions {
  /** The thumbnail's square, in the pixels of the file sent. */
  square?: PhotoSquare;
  onProgress?: (percent: number) => void;
  /** Aborting rejects with ApiError code "ABORTED". */
  signal?: AbortSignal;
}

/** What POST /api/profile/photos answers: the profile with its new photo. */
type UploadResult = SuccessBody<Awaited<ReturnType<typeof api.profile.photos.$post>>>;

/**
 * Sends one photo as multipart/form-data with XMLHttpRequest, which reports upload progress (fetch,
 * and so the typed client, cannot); the answer is typed from the route all the same.
 */
export function uploadPhoto(
  file: File,
  { square, onProgress, signal }: UploadOptions = {},
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/profile/photos");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.((event.loaded / event.total) * 100);
    });
    xhr.addEventListener("load", () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as UploadResult);
      else reject(toApiError(xhr.status, body));
    });
    xhr.addEventListener("error", () => reject(new ApiError(0, "NETWORK_ERROR", NETWORK_ERROR_MESSAGE)));
    xhr.addEventListener("abort", () => reject(new ApiError(0, "ABORTED", "Envoi annulé")));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("file", file);
    if (square) form.append("square", JSON.stringify(square));
    xhr.send(form);
  });
}

export function useUploadPhoto() {
  const store = useStoreProfile();
  return useMutation({
    mutationFn: ({ file, ...options }: UploadOptions & { file: File }) => uploadPhoto(file, options),
    onSuccess: store,
  });
}

/** « Recevoir des messages uniquement de membres vérifiés ». */
export function useSetMessagesFromVerifiedOnly() {
  const store = useStoreProfile();
  return useMutation({
    mutationFn: (on: boolean) => call(api.profile.privacy.$put({ json: { messagesFromVerifiedOnly: on } })),
    onSuccess: store,
  });
}

/** « Qui peut m'écrire en premier » (issue 34): true for « Seulement les personnes que j'ai aimées ». */
export function useSetFirstMessagesFromLikedOnly() {
  const store = useStoreProfile();
  return useMutation({
    mutationFn: (on: boolean) => call(api.profile.privacy.$put({ json: { firstMessagesFromLikedOnly: on } })),
    onSuccess: store,
  });
}

/**
 * « Masquer mon activité » (issue 17). Every member's presence in the results and profiles already
 * loaded depends on it (hiding one's own hides the others'), so they are read again.
 */
export function useSetPresenceHidden() {
  const queryClient = useQueryClient();
  const store = useStoreProfile();
  return useMutation({
    mutationFn: (hidden: boolean) => call(api.profile.privacy.$put({ json: { presenceHidden: hidden } })),
    onSuccess: (profile) => {
      store(profile);
      void queryClient.invalidateQueries({ queryKey: searchKeys.all });
      void queryClient.invalidateQueries({ queryKey: matchKeys.all });
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
      void queryClient.invalidateQueries({ queryKey: visitKeys.all });
    },
  });
}

/**
 * « Naviguer incognito » (issue 17): the member's visits stop appearing in the others' « Qui a vu
 * mon profil ». Nothing the member sees depends on it.
 */
export function useSetBrowseInvisibly() {
  const store = useStoreProfile();
  return useMutation({
    mutationFn: (on: boolean) => call(api.profile.privacy.$put({ json: { browseInvisibly: on } })),
    onSuccess: store,
  });
}

/** The discretion settings (issue 40), each saved alone as soon as it changes. */
export type DiscretionSetting =
  | "hideFromCountry"
  | "hideFromCity"
  | "hideFromOrigin"
  | "neutralNotifications"
  | "blurPhotos";

export function useSetDiscretion(setting: DiscretionSetting) {
  const store = useStoreProfile();
  return useMutation({
    mutationFn: (on: boolean) => call(api.profile.privacy.$put({ json: { [setting]: on } })),
    onSuccess: store,
  });
}

/** The member's own voice introduction (issue 37), or null. */
export function useMyVoiceIntro() {
  return useQuery({
    queryKey: profileKeys.voiceIntro,
    queryFn: ({ signal }) => call(api.profile["voice-intro"].$get(undefined, cancelledBy(signal))),
    select: (r) => r.data,
  });
}

/** Records (or replaces) it: the audio is the body, the prompt and what the recorder measured the query. */
export function useSaveVoiceIntro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: {
      prompt: VoiceIntroPrompt;
      blob: Blob;
      type: string;
      durationMs: number;
      peaks: string;
    }) =>
      withRetries(() =>
        call(
          api.profile["voice-intro"].$put(
            { query: { prompt: v.prompt, durationMs: String(v.durationMs), peaks: v.peaks } },
            { headers: { "Content-Type": v.type }, init: { body: v.blob } },
          ),
        ),
      ),
    onSuccess: (intro) => queryClient.setQueryData(profileKeys.voiceIntro, { data: intro }),
  });
}

export function useDeleteVoiceIntro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.profile["voice-intro"].$delete()),
    onSuccess: () => queryClient.setQueryData(profileKeys.voiceIntro, { data: null }),
  });
}
