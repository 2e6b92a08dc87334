# nanoGPT's accumulation shape with the clip inside the micro-step loop: each clip sees the
# partial sum of the micro-batches so far, and the step applies a window's gradient that was
# never clipped as a whole. The clip belongs right before the step.
import torch
import torch.nn.functional as F


class LMTrainer:
    def __init__(self, model, optimizer, grad_accum_steps=4, max_norm=1.0):
        self.model = model
        self.optimizer = optimizer
        self.grad_accum_steps = grad_accum_steps
        self.max_norm = max_norm

    def train(self, get_batch, iters):
        it = 0
        while it < iters:
            for micro_step in range(self.grad_accum_steps):
                tokens, targets = get_batch()
                logits = self.model(tokens)
                loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))
                (loss / self.grad_accum_steps).backward()
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.max_norm)
            self.optimizer.step()
            self.optimizer.zero_grad(set_to_none=True)
            it += 1
