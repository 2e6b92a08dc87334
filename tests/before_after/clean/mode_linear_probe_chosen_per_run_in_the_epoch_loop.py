import torch


def run(model, head_optimizer, loader, epochs, how):
    for epoch in range(epochs):
        # fine-tune everything, or probe a frozen backbone whose batch-norm statistics stay fixed
        if how == "finetune":
            model.train()
        elif how == "freeze":
            model.eval()
        else:
            raise ValueError(how)
        for images, labels in loader:
            loss = torch.nn.functional.cross_entropy(model(images), labels)
            head_optimizer.zero_grad()
            loss.backward()
            head_optimizer.step()
