// Where calls show (issue 38), over every page while a call rings or runs (loaded then: most visits
// never need it). It hangs up when the page goes away, and shows the ringing card or the call screen.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { callStore, useCallState } from "../call-store.ts";
import { CallScreen } from "./CallScreen.tsx";
import { IncomingCall } from "./IncomingCall.tsx";

export function CallLayer() {
  const state = useCallState();
  const queryClient = useQueryClient();
  useEffect(() => {
    const leave = () => callStore.leave();
    window.addEventListener("pagehide", leave);
    return () => window.removeEventListener("pagehide", leave);
  }, []);
  // A call's entry arrives with « message.created »; the conversation list follows.
  useEffect(() => {
    if (state.phase === "ended") void queryClient.invalidateQueries({ queryKey: ["calls"] });
  }, [state.phase, queryClient]);
  if (state.phase === "idle") return null;
  if (state.phase === "incoming") return <IncomingCall state={state} />;
  return <CallScreen state={state} />;
}
