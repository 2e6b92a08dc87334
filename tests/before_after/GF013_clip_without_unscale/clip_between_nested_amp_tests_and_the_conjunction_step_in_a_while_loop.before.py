import torch


class Runner:
    def __init__(self, model, optimizer, scaler=None, amp=False, grad_clip=1.0):
        self.model = model
        self.optimizer = optimizer
        self.scaler = scaler
        self.amp = amp
        self.grad_clip = grad_clip

    def fit(self, stream, total):
        step = 0
        while step < total:
            x, y = next(stream)
            loss = torch.nn.functional.cross_entropy(self.model(x), y)
            if self.amp:
                if self.scaler is not None:
                    self.scaler.scale(loss).backward()
                else:
                    loss.backward()
            else:
                loss.backward()
            if self.grad_clip:
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.grad_clip)
            if self.amp and self.scaler is not None:
                self.scaler.step(self.optimizer)
                self.scaler.update()
            else:
                self.optimizer.step()
            self.optimizer.zero_grad(set_to_none=True)
            step += 1
