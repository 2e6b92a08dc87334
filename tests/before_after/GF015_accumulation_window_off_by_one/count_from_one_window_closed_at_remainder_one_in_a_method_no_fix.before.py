# The count moves on before the test (so it is 1 at the first micro-batch) and the window is
# closed where `seen % N == 1`: the first update comes after one micro-batch, every later one
# after N. A `while` loop over an iterator in a method; flushed after the loop by the negated test.
import torch


class Finetuner:
    def __init__(self, model, accumulation=8):
        self.model = model
        self.accumulation = accumulation
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=2e-5)

    def fit(self, batches):
        seen = 0
        it = iter(batches)
        batch = next(it, None)
        while batch is not None:
            seen += 1
            loss = self.model(batch).pow(2).mean() / self.accumulation
            loss.backward()
            if seen % self.accumulation == 1:
                self.optimizer.step()
                self.optimizer.zero_grad()
            batch = next(it, None)
        if seen % self.accumulation != 1:
            self.optimizer.step()
            self.optimizer.zero_grad()
