import torch


def train(model, get_batch, max_iters, gradient_accumulation_steps=8, grad_clip=1.0):
    optimizer = torch.optim.AdamW(model.parameters(), lr=6e-4)
    for iter_num in range(max_iters):
        optimizer.zero_grad(set_to_none=True)
        for micro_step in range(gradient_accumulation_steps):
            X, Y = get_batch("train")
            logits, loss = model(X, Y)
            (loss / gradient_accumulation_steps).backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), grad_clip)
        optimizer.step()
