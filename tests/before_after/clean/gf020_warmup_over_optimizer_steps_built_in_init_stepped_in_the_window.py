import torch
from transformers import get_cosine_schedule_with_warmup


class Loop:
    def __init__(self, net, batches, epochs=3, accum_steps=4):
        self.net = net
        self.batches = batches
        self.epochs = epochs
        self.accum_steps = accum_steps
        self.opt = torch.optim.AdamW(net.parameters(), lr=1e-4)
        steps_total = (len(batches) // accum_steps) * epochs
        self.lr_schedule = get_cosine_schedule_with_warmup(self.opt, num_warmup_steps=5, num_training_steps=steps_total)

    def run(self):
        for epoch in range(self.epochs):
            for i, (x, y) in enumerate(self.batches):
                (torch.nn.functional.mse_loss(self.net(x), y) / self.accum_steps).backward()
                if (i + 1) % self.accum_steps == 0 or i + 1 == len(self.batches):
                    self.opt.step()
                    self.lr_schedule.step()
                    self.opt.zero_grad(set_to_none=True)
