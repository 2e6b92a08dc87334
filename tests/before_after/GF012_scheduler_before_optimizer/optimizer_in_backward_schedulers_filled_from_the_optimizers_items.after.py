import torch
import torch.nn.functional as F
from torch.optim import lr_scheduler


class FusedTrainer:
    def __init__(self, model, warmup):
        self.model = model
        self.warmup = warmup

    def train(self, stream, max_updates):
        per_weight = {}
        for w in self.model.parameters():
            per_weight[w] = torch.optim.AdamW([w], lr=3e-4, weight_decay=0.01)
        ramps = {}
        for w, opt in per_weight.items():
            ramps[w] = lr_scheduler.LinearLR(opt, start_factor=0.1, total_iters=self.warmup)

        def after_accumulation(w):
            if w.grad is None:
                return
            per_weight[w].step()
            ramps[w].step()
            per_weight[w].zero_grad(set_to_none=True)

        for w in self.model.parameters():
            w.register_post_accumulate_grad_hook(after_accumulation)
        updates = 0
        it = iter(stream)
        while updates < max_updates:
            tokens, labels = next(it)
            F.cross_entropy(self.model(tokens), labels).backward()
            updates += 1
