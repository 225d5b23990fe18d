import type { Currency } from "@domain/money.ts";
import {
  METHOD_LABELS,
  type OperatorId,
  type PaymentMethod,
  type PaymentMethodOption,
} from "@domain/payments.ts";
import { Card } from "@web/components/ui/Card.tsx";
import { RadioCards } from "@web/components/ui/RadioCards.tsx";
import { RadioGroup } from "@web/components/ui/RadioGroup.tsx";
import { currencyLabel } from "@web/lib/money.ts";
import { CreditCard, Smartphone } from "lucide-react";
import type { Ref } from "react";

const METHOD_ICONS = { card: CreditCard, "mobile-money": Smartphone } as const;

interface Props {
  /** The currencies the member may pay in; a switch when there are several. */
  currencies: readonly Currency[];
  currency: Currency;
  onCurrencyChange: (currency: Currency) => void;
  /** The methods taking `currency`; a choice when there are several. */
  methods: readonly PaymentMethodOption[];
  method: PaymentMethodOption;
  onMethodChange: (method: PaymentMethod) => void;
  /** Mobile money: the chosen operator, null until the member picks one. */
  operator: OperatorId | null;
  onOperatorChange: (operator: OperatorId) => void;
  operatorError: string | undefined;
  /** The operators' group, focused when the member picks a plan before an operator. */
  operatorsRef: Ref<HTMLFieldSetElement>;
}

function methodDescription(option: PaymentMethodOption): string {
  if (option.method === "mobile-money" && option.operators.length > 0)
    return option.operators.map((o) => o.label).join(", ");
  return option.method === "card" ? "Paiement sécurisé en ligne" : "Depuis votre téléphone";
}

/** How the member pays: the currency, the method (card, mobile money) and, for mobile money, the operator. */
export function PaymentChoice({
  currencies,
  currency,
  onCurrencyChange,
  methods,
  method,
  onMethodChange,
  operator,
  onOperatorChange,
  operatorError,
  operatorsRef,
}: Props) {
  const mobileMoney = method.method === "mobile-money";
  // Nothing to choose (one currency, one method, no operator): one line says how payment is made.
  if (currencies.length < 2 && methods.length < 2 && !mobileMoney) {
    const Icon = METHOD_ICONS[method.method];
    return (
      <p className="flex items-center gap-2 text-ink-soft">
        <Icon className="size-5 shrink-0 text-teal-700" aria-hidden="true" />
        Paiement par {METHOD_LABELS[method.method].toLowerCase()}.
      </p>
    );
  }
  return (
    <Card className="flex flex-col gap-6">
      {currencies.length > 1 && (
        <RadioGroup
          name="devise"
          legend="Payer en"
          options={currencies.map((c) => ({ value: c, label: currencyLabel(c, currencies) }))}
          value={currency}
          onChange={onCurrencyChange}
        />
      )}
      {methods.length > 1 ? (
        <RadioCards
          name="moyen"
          legend="Moyen de paiement"
          options={methods.map((m) => ({
            value: m.method,
            label: METHOD_LABELS[m.method],
            description: methodDescription(m),
            icon: METHOD_ICONS[m.method],
          }))}
          value={method.method}
          onChange={onMethodChange}
        />
      ) : (
        <p className="flex items-center gap-2">
          <span className="font-medium text-ink">Moyen de paiement :</span> {METHOD_LABELS[method.method]}
        </p>
      )}
      {mobileMoney && (
        <RadioCards
          ref={operatorsRef}
          name="operateur"
          legend="Votre opérateur de mobile money"
          options={method.operators.map((o) => ({ value: o.id, label: o.label }))}
          value={operator}
          onChange={onOperatorChange}
          hint={operator === null && !operatorError ? "Choisissez votre opérateur" : undefined}
          error={operatorError}
        />
      )}
    </Card>
  );
}
