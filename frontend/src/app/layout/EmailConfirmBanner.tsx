import { useState } from 'react';
import { Button } from '../../components/plain/Button';
import { serverMessage } from '../../lib/errors';
import {
  useAuthControllerOptionsQuery,
  useAuthControllerSendVerificationMutation,
} from '../../api/enhanced-api';

/**
 * Until the person confirms their address: where the link went and a way to have it sent again. Nothing is
 * blocked meanwhile.
 */
export function EmailConfirmBanner({ email }: { email: string }) {
  const options = useAuthControllerOptionsQuery();
  const [send, { isLoading }] = useAuthControllerSendVerificationMutation();
  const [answer, setAnswer] = useState<string | null>(null);
  // Without email on the server no link can come: the account page says so instead (ProfileTab).
  if (!options.data?.emailEnabled) return null;
  return (
    <div className="email-banner" role="region" aria-label="Confirm your email address">
      <p>
        Please confirm your email address: we sent a link to <strong>{email}</strong>.
      </p>
      {answer ? (
        <p role="status">{answer}</p>
      ) : (
        <Button
          variant="text"
          disabled={isLoading}
          onClick={() => {
            send()
              .unwrap()
              .then((result) => setAnswer(result.message))
              .catch((error: unknown) =>
                setAnswer(serverMessage(error, 'We could not send it. Please try again.')),
              );
          }}
        >
          Send it again
        </Button>
      )}
    </div>
  );
}
