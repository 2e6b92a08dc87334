import torch.nn.functional as F


def shared_step(model, inputs, labels, accum_steps):
    logits = model(inputs)
    loss = F.cross_entropy(logits, labels)
    loss = loss / accum_steps
    accuracy = (logits.argmax(-1) == labels).float().mean()
    return {"loss": loss, "accuracy": accuracy}
