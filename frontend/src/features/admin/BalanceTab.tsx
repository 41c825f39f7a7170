import { MenuItem } from '@mui/material';
import * as Yup from 'yup';
import { FormikTextField } from '../../components/form/FormikTextField';
import { useFormMutation } from '../../components/form/use-form-mutation';
import { adminUserRules, AdminUserForm, FILL_IN_ALL, NOT_POSITIVE, SUMMARISED } from './AdminUserForm';
import { useAdminControllerAdjustMutation } from '../../api/enhanced-api';

type BalanceValues = { userId: string; amount: string; type: 'deposit' | 'withdrawal'; reason: string };

/** docs/product.md §5 Balance adjustment, as the screen words it. */
export const balanceSchema = Yup.object({
  ...adminUserRules,
  amount: Yup.string()
    .required(FILL_IN_ALL)
    .test('positive', NOT_POSITIVE, (amount) => !amount || Number(amount) > 0)
    // The server takes dollars and cents: up to 8 digits and 2 decimals.
    .matches(/^\d{1,8}(\.\d{1,2})?$/, 'Amount must be a valid positive number'),
  type: Yup.mixed<BalanceValues['type']>().oneOf(['deposit', 'withdrawal']).required(),
});

export function BalanceTab({ prefill }: { prefill: string }) {
  const [adjust] = useAdminControllerAdjustMutation();
  const submit = useFormMutation();
  return (
    <AdminUserForm<BalanceValues>
      title="Balance Adjustment"
      userLabel="User ID or Username"
      initialValues={{ userId: prefill, amount: '', type: 'deposit', reason: '' }}
      schema={balanceSchema}
      submitLabel="Apply Adjustment"
      onSubmit={async (values, helpers) => {
        const done = await submit(
          values,
          helpers,
          () =>
            adjust({
              userId: values.userId.trim(),
              amount: values.amount,
              reason: values.reason.trim(),
              type: values.type,
            }).unwrap(),
          {
            success: {
              title: 'Balance Adjusted',
              description: 'User balance has been successfully adjusted',
              variant: 'default',
            },
            failure: { title: 'Error', fallback: 'Failed to adjust balance' },
          },
        );
        if (done.ok) helpers.resetForm({ values: { userId: '', amount: '', type: 'deposit', reason: '' } });
      }}
    >
      <FormikTextField
        name="amount"
        label="Amount"
        type="number"
        summarised={SUMMARISED}
        slotProps={{ htmlInput: { step: 0.01, min: 0.01 } }}
      />
      <FormikTextField name="type" select label="Type">
        <MenuItem value="deposit">Deposit</MenuItem>
        <MenuItem value="withdrawal">Withdrawal</MenuItem>
      </FormikTextField>
    </AdminUserForm>
  );
}
