/**
 * The delivery of a request (spec section 3: title, delivery_date, estimated_delivery_date): add
 * one, change it, or remove it (after a confirmation). Dates are calendar days (YYYY-MM-DD).
 */
import { Alert, Button, Callout, Card, FormGroup, H4, InputGroup, Intent } from '@blueprintjs/core';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { deliveryInputSchema } from '../../../shared/delivery/inputs';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { readIssues } from '../cases/caseForm';
import {
  ADD_DELIVERY_MUTATION,
  REMOVE_DELIVERY_MUTATION,
  UPDATE_DELIVERY_MUTATION,
  type RequestData,
} from './operations';
import { errorsOf, type FormErrors } from './requestForm';

type Delivery = NonNullable<RequestData['delivery']>;
interface DeliveryForm {
  title: string;
  delivery_date: string;
  estimated_delivery_date: string;
}

const formOf = (d: Delivery | null): DeliveryForm => ({
  title: d?.title ?? '',
  delivery_date: d?.delivery_date ?? '',
  estimated_delivery_date: d?.estimated_delivery_date ?? '',
});

export function DeliverySection(props: {
  request: RequestData;
  canChange: boolean;
  onChanged: () => void;
}) {
  const { delivery } = props.request;
  const [editing, setEditing] = useState<DeliveryForm | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [add, adding] = useMutation(ADD_DELIVERY_MUTATION);
  const [update, updating] = useMutation(UPDATE_DELIVERY_MUTATION);
  const [remove, removing] = useMutation(REMOVE_DELIVERY_MUTATION);

  async function save(form: DeliveryForm) {
    const input = {
      title: form.title.trim(),
      delivery_date: form.delivery_date.trim() || null,
      estimated_delivery_date: form.estimated_delivery_date.trim() || null,
    };
    const checked = deliveryInputSchema.safeParse(input);
    if (!checked.success) {
      setErrors(
        errorsOf(checked.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))),
      );
      return;
    }
    try {
      if (delivery) await update({ variables: { id: delivery.id, input } });
      else await add({ variables: { request_id: props.request.id, input } });
      setEditing(null);
      setErrors({});
      setFailure(null);
      props.onChanged();
    } catch (error) {
      setErrors(errorsOf(readIssues(error)));
      setFailure(describeError(error, ERRORS.UPDATE_REQUEST_FAILED));
    }
  }

  async function removeIt() {
    if (!delivery) return;
    setConfirming(false);
    try {
      await remove({ variables: { id: delivery.id } });
      props.onChanged();
    } catch (error) {
      setFailure(describeError(error, ERRORS.UPDATE_REQUEST_FAILED));
    }
  }

  const input = (name: keyof DeliveryForm, label: string, placeholder?: string) =>
    editing ? (
      <FormGroup
        label={label}
        labelFor={`delivery-${name}`}
        intent={errors[name] ? Intent.DANGER : Intent.NONE}
        helperText={errors[name]}
      >
        <InputGroup
          id={`delivery-${name}`}
          placeholder={placeholder}
          value={editing[name]}
          onChange={(e) => setEditing({ ...editing, [name]: e.target.value })}
        />
      </FormGroup>
    ) : null;

  return (
    <Card className="ld-card ld-requests-card" aria-label="Delivery">
      <H4>Delivery</H4>
      {failure ? (
        <Callout intent={Intent.DANGER} role="alert">
          {failure}
        </Callout>
      ) : null}
      {editing ? (
        <div>
          {input('title', 'Title')}
          <div className="ld-form-row">
            {input('estimated_delivery_date', 'Estimated delivery date', 'YYYY-MM-DD')}
            {input('delivery_date', 'Delivery date', 'YYYY-MM-DD')}
          </div>
          <Button onClick={() => setEditing(null)}>Cancel</Button>{' '}
          <Button
            intent={Intent.PRIMARY}
            loading={adding.loading || updating.loading}
            onClick={() => void save(editing)}
          >
            Save delivery
          </Button>
        </div>
      ) : delivery ? (
        <div>
          <p>
            <strong>{delivery.title}</strong>
          </p>
          <p>
            Estimated: {delivery.estimated_delivery_date ?? '—'} · Delivered:{' '}
            {delivery.delivery_date ?? '—'}
          </p>
          {props.canChange ? (
            <>
              <Button icon="edit" onClick={() => setEditing(formOf(delivery))}>
                Edit delivery
              </Button>{' '}
              <Button
                icon="trash"
                intent={Intent.DANGER}
                minimal
                loading={removing.loading}
                onClick={() => setConfirming(true)}
              >
                Remove delivery
              </Button>
            </>
          ) : null}
        </div>
      ) : (
        <div>
          <p>No delivery yet.</p>
          {props.canChange ? (
            <Button icon="add" onClick={() => setEditing(formOf(null))}>
              Add delivery
            </Button>
          ) : null}
        </div>
      )}
      <Alert
        isOpen={confirming}
        intent={Intent.DANGER}
        icon="trash"
        cancelButtonText="Keep it"
        confirmButtonText="Remove delivery"
        onCancel={() => setConfirming(false)}
        onConfirm={() => void removeIt()}
      >
        Remove the delivery “{delivery?.title}”? Requests that point at it keep going without one.
      </Alert>
    </Card>
  );
}
