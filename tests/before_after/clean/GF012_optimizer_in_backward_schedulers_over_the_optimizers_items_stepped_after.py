import torch
import torch.nn.functional as F
from torch.optim import lr_scheduler


class FusedTrainer:
    def __init__(self, model, warmup):
        self.model = model
        self.warmup = warmup

    def train(self, stream, max_updates):
        state_of = {}
        for w in self.model.parameters():
            state_of[w] = torch.optim.AdamW([w], lr=3e-4, weight_decay=0.01)
        decays = {w: lr_scheduler.ExponentialLR(opt, gamma=0.999) for w, opt in state_of.items()}

        def after_accumulation(w):
            if w.grad is None:
                return
            state_of[w].step()
            decays[w].step()
            state_of[w].zero_grad(set_to_none=True)

        for w in self.model.parameters():
            w.register_post_accumulate_grad_hook(after_accumulation)
        updates = 0
        it = iter(stream)
        while updates < max_updates:
            tokens, labels = next(it)
            F.cross_entropy(self.model(tokens), labels).backward()
            updates += 1
