import torch


def finetune(backbone, head, images, labels, steps):
    optimizer = torch.optim.SGD(list(backbone.parameters()) + list(head.parameters()), lr=0.01)
    features = backbone(images)
    for step in range(steps):
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(head(features), labels)
        loss.backward(retain_graph=True)
        optimizer.step()
