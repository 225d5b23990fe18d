import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { Input, type InputProps } from "./Input.tsx";

/** Password input with a show/hide toggle. */
export function PasswordInput(props: Omit<InputProps, "type">) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={visible ? "text" : "password"} className="pr-14" />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-pressed={visible}
        aria-controls={props.id}
        className="absolute inset-y-0 right-0 inline-flex w-12 items-center justify-center rounded-r-xl text-ink-soft hover:text-teal-800"
      >
        {visible ? (
          <EyeOff className="size-5" aria-hidden="true" />
        ) : (
          <Eye className="size-5" aria-hidden="true" />
        )}
        <span className="sr-only">{visible ? "Masquer le mot de passe" : "Afficher le mot de passe"}</span>
      </button>
    </div>
  );
}
