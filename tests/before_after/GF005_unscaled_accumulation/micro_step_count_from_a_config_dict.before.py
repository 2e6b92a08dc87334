import torch


def train(model, optimizer, get_batch, config):
    for it in range(config["max_iters"]):
        for micro_step in range(config["gradient_accumulation_steps"]):
            x, y = get_batch("train")
            logits, loss = model(x, y)
            loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), config["grad_clip"])
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
