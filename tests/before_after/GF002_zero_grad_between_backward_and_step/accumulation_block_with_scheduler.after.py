import torch


class FineTuner:
    def __init__(self, model, accum_steps=8):
        self.model = model
        self.accum_steps = accum_steps
        self.optim = torch.optim.AdamW(model.parameters(), lr=2e-5)
        self.sched = torch.optim.lr_scheduler.LambdaLR(self.optim, lambda s: min(1.0, (s + 1) / 100))

    def epoch(self, loader):
        step = 0
        while step < len(loader):
            batch = loader[step]
            loss = self.model(**batch).loss / self.accum_steps
            loss.backward()
            if (step + 1) % self.accum_steps == 0:
                self.optim.step()
                # start the next window from zero
                self.optim.zero_grad()
                self.sched.step()
            step += 1
