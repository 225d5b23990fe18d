import { Tabs } from "@web/components/ui/Tabs.tsx";
import { CreditCard, ReceiptText } from "lucide-react";
import { useSearchParams } from "react-router-dom";
import { AdminPage } from "../shared/AdminPage.tsx";
import { LiveNotice, useNotice } from "../shared/LiveNotice.tsx";
import { PaymentsPanel } from "./components/PaymentsPanel.tsx";
import { SubscriptionsPanel } from "./components/SubscriptionsPanel.tsx";

type View = "subscriptions" | "payments";

const TABS = [
  { value: "subscriptions", label: "Abonnements", icon: CreditCard },
  { value: "payments", label: "Paiements", icon: ReceiptText },
] as const;

/**
 * /admin/subscriptions: the subscriptions (grant, extend, cancel), and in a second tab
 * (?view=payments) every payment attempt. Each tab keeps its own search, filters and page in the
 * URL; switching tabs starts the other list afresh.
 */
export default function SubscriptionsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view: View = searchParams.get("view") === "payments" ? "payments" : "subscriptions";
  const { notice, success, clear } = useNotice();

  return (
    <AdminPage
      title="Abonnements"
      intro="Les abonnements payés, de démonstration ou offerts par l’équipe, et chaque tentative de paiement."
    >
      <LiveNotice notice={notice} />
      <Tabs
        label="Abonnements et paiements"
        tabs={TABS}
        value={view}
        onChange={(next: View) => {
          clear();
          setSearchParams(next === "payments" ? { view: next } : {});
        }}
      >
        {view === "payments" ? <PaymentsPanel /> : <SubscriptionsPanel onNotice={success} />}
      </Tabs>
    </AdminPage>
  );
}
