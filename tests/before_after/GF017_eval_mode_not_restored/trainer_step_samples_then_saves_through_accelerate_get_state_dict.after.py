# A trainer's step method samples in eval mode through `partial(self.model.sample, ...)` and
# saves through `self.accelerator.get_state_dict(self.model)`; neither switches the model back.
# The `while` loop of `train()` runs every later step in eval mode. Fixed by
# `self.model.train()` after the step call.
from functools import partial

import torch
from accelerate import Accelerator


class VideoTrainer:
    def __init__(self, model, data, num_steps, save_every=1000):
        self.accelerator = Accelerator()
        self.model = model
        self.opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
        self.model, self.opt = self.accelerator.prepare(self.model, self.opt)
        self.data = data
        self.num_steps = num_steps
        self.save_every = save_every
        self.step = 0

    def save(self, tag):
        state = {"model": self.accelerator.get_state_dict(self.model), "opt": self.opt.state_dict()}
        torch.save(state, f"ckpt-{tag}.pt")

    def train_step(self):
        loss = self.model(next(self.data))
        self.accelerator.backward(loss)
        self.opt.step()
        self.opt.zero_grad()
        if self.step % self.save_every == 0:
            self.model.eval()
            draw = partial(self.model.sample, num_frames=8)
            with torch.no_grad():
                draw(batch_size=2)
            self.save(self.step)
        self.step += 1
        return loss.item()

    def train(self):
        while self.step < self.num_steps:
            print(self.train_step())
            self.model.train()
