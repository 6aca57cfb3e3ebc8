import { Type } from 'typebox';
import {
  Instalment,
  MAX_INSTALMENTS,
  PremiumPayment,
  RecordPremiumPaymentInput,
  PREMIUMS_TAG as tags,
} from '../../../shared/domain/premiums/index.js';
import { IdOf } from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES } from '../../http/envelope.js';

export const listPremiumsSchema = {
  operationId: 'listPolicyPremiums',
  tags,
  summary: "List a policy's premium instalments",
  description:
    "The policy's instalments in order: the premium split over the term by its premiumFrequency (whole minor units, the remainder on the first), each with what is paid and its status (overdue: still due after its day, UTC). A policy outside your data scope is 404.",
  params: Type.Object({ id: IdOf('The policy') }),
  response: {
    200: Envelope(Type.Array(Instalment, { maxItems: MAX_INSTALMENTS }), "The policy's instalments"),
    ...ERROR_RESPONSES,
  },
};

export const recordPremiumPaymentSchema = {
  operationId: 'recordPremiumPayment',
  tags,
  summary: 'Record a premium payment',
  description:
    'Records a payment on one instalment of a policy in your data scope, up to what is still due on it (more is 422 PAYMENT_EXCEEDS_DUE, also when payments race). A reference already recorded on the policy is 409 CONFLICT. An instalment paid in full reads as paid. Publishes premium.paid.',
  params: Type.Object({ id: IdOf('The policy'), instalmentId: IdOf('The instalment') }),
  body: RecordPremiumPaymentInput,
  response: { 201: Envelope(PremiumPayment, 'The payment recorded'), ...ERROR_RESPONSES },
};
