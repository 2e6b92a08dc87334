import torch


def train(model, get_batch, optimizer, scaler, max_iters, gradient_accumulation_steps=8):
    X, Y = get_batch("train")
    iter_num = 0
    while iter_num < max_iters:
        for micro_step in range(gradient_accumulation_steps):
            with torch.autocast("cuda", dtype=torch.bfloat16):
                logits, loss = model(X, Y)
            X, Y = get_batch("train")  # prefetch the next micro-batch
            scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad(set_to_none=True)
        iter_num += 1


class Runner:
    def run_epoch(self, batches):
        for batch in batches:
            parts = batch.chunks()
            for chunk_id in range(self.num_micro_batches):
                x, y = next(parts)
                self.criterion(self.model(x), y).backward()
            self.optimizer.step()
            self.optimizer.zero_grad()
