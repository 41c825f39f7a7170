import { Card, CardContent, Typography } from '@mui/material';

export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `bet-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
