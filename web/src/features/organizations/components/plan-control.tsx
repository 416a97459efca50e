import { useState } from 'react';
import {
  SUBSCRIPTION_PLAN_LABELS,
  SUBSCRIPTION_PLANS,
  type SubscriptionPlan,
} from '@tapinti/contracts/organizations-events';
import { Button } from '../../../components/ui/button';
import { Row } from '../../../components/ui/layout';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n';
import { errorToast } from '../../../lib/submit-errors';
import { useChangePlan } from '../api/plans';

/**
 * The super admin's plan control for one organisation (issue 25 point 8): pick a plan and change
 * it; the price follows the plan's (basic 49.99, pro 99.99, enterprise 199.99 AZN).
 */
export function PlanControl({
  organizationId,
  organizationName,
  plan,
}: {
  organizationId: string;
  organizationName: string;
  plan: SubscriptionPlan;
}) {
  const t = useT();
  const { toast } = useToast();
  const [chosen, setChosen] = useState<SubscriptionPlan>(plan);
  const { trigger, isMutating } = useChangePlan();
  const change = async () => {
    try {
      await trigger({ id: organizationId, plan: chosen });
      toast({ title: t('Plan dəyişdirildi'), description: organizationName, variant: 'success' });
    } catch (error) {
      toast(errorToast(error, t('Plan dəyişdirilmədi')));
    }
  };
  return (
    <Row $gap={2} $wrap>
      <Select
        name={`plan-${organizationId}`}
        label={`${t('Plan')}: ${organizationName}`}
        hideLabel
        options={SUBSCRIPTION_PLANS.map((p) => ({ value: p, label: SUBSCRIPTION_PLAN_LABELS[p] }))}
        value={chosen}
        onChange={(e) => setChosen(e.target.value as SubscriptionPlan)}
      />
      <Button
        size="sm"
        variant="outline"
        loading={isMutating}
        disabled={chosen === plan}
        aria-label={`${t('Planı dəyiş')}: ${organizationName}`}
        onClick={() => void change()}
      >
        {t('Planı dəyiş')}
      </Button>
    </Row>
  );
}
