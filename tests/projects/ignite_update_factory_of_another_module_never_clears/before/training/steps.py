import torch


def build_trainer_step(network, optim, loss_fn, device="cpu"):
    def trainer_step(engine, batch):
        network.train()
        inputs, targets = (t.to(device) for t in batch)
        loss = loss_fn(network(inputs), targets)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(network.parameters(), 5.0)
        optim.step()
        return {"loss": loss.item()}

    return trainer_step
