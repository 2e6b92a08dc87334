import torch


class Trainer:
    def __init__(self, model, accum):
        self.model = model
        self.accum = accum
        self.optim = torch.optim.AdamW(model.parameters(), lr=1e-4)

    def run_epoch(self, batches):
        flush_grads, push = self.optim.zero_grad, self.optim.step
        count = 0
        for batch in batches:
            loss = self.model(batch).mean() / self.accum
            loss.backward()
            count += 1
            if count % self.accum == 0:
                push()
                flush_grads()
        if count % self.accum:
            push()
            flush_grads()
