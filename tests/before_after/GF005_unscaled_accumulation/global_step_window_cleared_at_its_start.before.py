import torch


def train(model, optimizer, loader, accumulate_every, epochs):
    global_step = 0
    for epoch in range(epochs):
        for batch in loader:
            if global_step % accumulate_every == 0:
                optimizer.zero_grad(set_to_none=True)
            loss = model(**batch).loss
            loss.backward()
            global_step += 1
            if global_step % accumulate_every == 0:
                optimizer.step()
