import { Alert } from "./Alert.tsx";
import { Button } from "./Button.tsx";

interface ErrorStateProps {
  title: string;
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** A failed load: what went wrong, in French, and a way to try again. */
export function ErrorState({ title, message, onRetry, retrying }: ErrorStateProps) {
  return (
    <Alert tone="error" title={title}>
      <p>{message}</p>
      <Button variant="secondary" size="sm" className="mt-3" loading={retrying} onClick={onRetry}>
        Réessayer
      </Button>
    </Alert>
  );
}
